import Foundation
import WorkoutFormats

/// FIT bytes through the decoder and the activity reader.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    let data = Data(bytes: bytes, count: count)
    _ = try? ActivityFile.read(data, format: .fit, path: "fuzz.fit")
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// SwiftPM names an executable's entry point after its module; libFuzzer's driver runs from it.
@_cdecl("FuzzFITReader_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc, argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, fuzz)
}
