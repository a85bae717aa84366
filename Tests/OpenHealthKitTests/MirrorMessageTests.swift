import Foundation
@testable import OpenHealthKitCore
import PropertyBased
import Testing

@Suite struct MirrorMessageTests {
    static let messages: [MirrorMessage] = [
        .start(MirrorStart(activityType: 13, locationType: 3, state: 2, startDate: Date(timeIntervalSince1970: 1_700_000_000))),
        .state(to: 4, from: 2, date: Date(timeIntervalSince1970: 1_700_000_060)),
        .data(Data(#"{"heartRate":142}"#.utf8)),
        .data(Data()),
        .request("pause"),
        .stop,
    ]

    @Test func framesReadBackHoweverTheStreamIsSplit() throws {
        let stream = Self.messages.reduce(Data()) { $0 + $1.framed() }
        for chunk in [1, 2, 3, 7, 64, stream.count] {
            var decoder = MirrorMessage.Decoder()
            var read: [MirrorMessage] = []
            var offset = 0
            while offset < stream.count {
                read += try decoder.feed(stream.subdata(in: offset..<min(offset + chunk, stream.count)))
                offset += chunk
            }
            #expect(read == Self.messages, "in chunks of \(chunk)")
        }
    }

    @Test func hostileFramesGetAnErrorWithTheirOffset() {
        var tooLong = MirrorMessage.Decoder()
        let good = MirrorMessage.stop.framed()
        #expect(throws: MirrorFrameError(offset: good.count, message: "a frame of 4294967295 bytes (at most \(MirrorMessage.maximumFrame + 1))")) {
            _ = try tooLong.feed(good + Data([0xFF, 0xFF, 0xFF, 0xFF]))
        }
        var unknownKind = MirrorMessage.Decoder()
        #expect(throws: MirrorFrameError.self) { _ = try unknownKind.feed(Data([0, 0, 0, 1, 0x7F])) }
        var badStart = MirrorMessage.Decoder()
        #expect(throws: MirrorFrameError.self) { _ = try badStart.feed(Data([0, 0, 0, 3, 1]) + Data("{}".utf8)) }
        var empty = MirrorMessage.Decoder()
        #expect(throws: MirrorFrameError.self) { _ = try empty.feed(Data([0, 0, 0, 0])) }
    }

    @Test func randomBytesNeverCrashTheDecoder() async {
        await propertyCheck(count: 2000, input: Gen.uint8().array(of: 0...300)) { bytes in
            var decoder = MirrorMessage.Decoder()
            _ = try? decoder.feed(Data(bytes))
        }
    }
}
