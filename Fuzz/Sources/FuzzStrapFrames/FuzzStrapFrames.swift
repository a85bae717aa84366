import Foundation
import FuzzSupport
import SensorBridge
import GATT

/// Serial bytes through the strap framings: the first byte picks the framing and how the rest is cut into reads, as a port delivers them; each frame's payload goes through the 0x2A37 and 0x2A38 decoders, and each line through the reader of a host's write requests (HRW2), as a bridge reads them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    let data = Data(bytes: bytes, count: count)
    guard let first = data.first else { return 0 }
    let framing = StrapFraming.allCases[Int(first) % StrapFraming.allCases.count]
    var decoder = StrapFrameDecoder(framing: framing, synchronised: first & 0x80 != 0)
    let chunk = Int(first >> 2) % 17 + 1
    var events: [StrapFrameDecoder.Event] = []
    var offset = data.startIndex + 1
    while offset < data.endIndex {
        let end = min(offset + chunk, data.endIndex)
        decoder.decode(data[offset..<end], into: &events)
        offset = end
    }
    events += decoder.finish()
    for line in data.dropFirst().split(separator: 0x0A) { _ = try? BridgeWrite(parsing: line) }
    for event in events {
        guard case .frame(let frame) = event, case .notification(_, let payload) = frame.content else { continue }
        _ = try? HeartRateMeasurement(decoding: payload)
        _ = try? BodySensorLocation(decoding: payload)
    }
    return 0
}

/// SwiftPM names an executable's entry point after its module.
@_cdecl("FuzzStrapFrames_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
