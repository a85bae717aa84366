import Foundation
import FuzzSupport
import GATT

/// Characteristic values through the 0x2A37 (Heart Rate Measurement) and 0x2A38 (Body Sensor Location) decoders.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    let data = Data(bytes: bytes, count: count)
    _ = try? HeartRateMeasurement(decoding: data)
    _ = try? BodySensorLocation(decoding: data)
    return 0
}

/// SwiftPM names an executable's entry point after its module.
@_cdecl("FuzzHeartRateMeasurement_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
