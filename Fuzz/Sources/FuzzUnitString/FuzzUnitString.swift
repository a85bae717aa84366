import Foundation
import FuzzSupport
import HealthKitModel

/// HealthKit unit strings through the unit grammar's parser, and each unit parsed through conversion.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    let data = Data(bytes: bytes, count: count)
    guard let unit = try? HKUnit(parsing: String(decoding: data, as: UTF8.self)) else { return 0 }
    _ = unit.unitString
    if unit.isCompatible(with: .meter()) { _ = HKQuantity(unit: unit, doubleValue: 1).doubleValue(for: .meter()) }
    return 0
}

/// SwiftPM names an executable's entry point after its module.
@_cdecl("FuzzUnitString_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
