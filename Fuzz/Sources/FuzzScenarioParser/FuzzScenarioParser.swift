import Foundation
import FuzzSupport
import ScenarioModel

/// Scenario files (YAML) through the parser and every check it makes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    let data = Data(bytes: bytes, count: count)
    _ = try? Scenario(yaml: String(decoding: data, as: UTF8.self), file: "fuzz.yaml")
    return 0
}

/// SwiftPM names an executable's entry point after its module.
@_cdecl("FuzzScenarioParser_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
