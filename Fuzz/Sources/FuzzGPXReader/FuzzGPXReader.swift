import Foundation
import FuzzSupport
import WorkoutFormats

/// GPX text through the XML scanner and the GPX reader.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    let data = Data(bytes: bytes, count: count)
    _ = try? ActivityFile.read(data, format: .gpx, path: "fuzz.gpx")
    return 0
}

/// SwiftPM names an executable's entry point after its module.
@_cdecl("FuzzGPXReader_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
