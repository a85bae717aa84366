import Foundation
import FuzzSupport
@_spi(Fuzzing) import GPSDProtocol

/// One line of gpsd's JSON through the recorder's reader: it returns a fix,
/// no fix, or an error, and a fix must be a place on Earth at a real time.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    let line = Array(UnsafeBufferPointer(start: bytes, count: count))
    guard let fix = try? GPSDLineConversion.fix(fromLine: line) else { return 0 }
    precondition(fix.latitude.isFinite && abs(fix.latitude) <= 90, "latitude \(fix.latitude) passed")
    precondition(fix.longitude.isFinite && abs(fix.longitude) <= 180, "longitude \(fix.longitude) passed")
    precondition(fix.time.isFinite && fix.time >= 0, "time \(fix.time) passed")
    precondition(fix.horizontalError.map { $0.isFinite && $0 >= 0 } ?? true, "horizontal error \(String(describing: fix.horizontalError)) passed")
    return 0
}

/// SwiftPM names an executable's entry point after its module.
@_cdecl("FuzzGPSDFix_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
