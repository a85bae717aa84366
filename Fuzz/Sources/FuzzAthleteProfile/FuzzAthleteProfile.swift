import Foundation
import FuzzSupport
import HealthKitModel
import ScenarioModel

/// Athlete profile files (YAML) through their reader.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    let data = Data(bytes: bytes, count: count)
    _ = try? AthleteProfile(yaml: String(decoding: data, as: UTF8.self), file: "fuzz.yaml")
    return 0
}

/// SwiftPM names an executable's entry point after its module.
@_cdecl("FuzzAthleteProfile_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
