import Foundation
import OpenHealthKit

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

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// SwiftPM names an executable's entry point after its module; libFuzzer's driver runs from it.
@_cdecl("FuzzUnitString_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc, argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, fuzz)
}
