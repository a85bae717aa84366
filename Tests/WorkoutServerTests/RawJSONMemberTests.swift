import Foundation
import Testing
@testable import WorkoutServer

/// A live point's snapshot found in the bytes as sent: the same object a decoder reads, on one line, and nil (never
/// a crash) on anything else.
@Suite struct RawJSONMemberTests {
    @Test func theSnapshotIsPassedOnAsWrittenLessTheWhitespaceBetweenTokens() {
        let body = "{\"sequence\": 7,\n \"snapshot\": {\"status\": {\"state\": \"running\"},\r\n\t\"points\": [[52.37, 4.89], [52.3701, 4.8901]],"
            + " \"note\": \"a } brace, a \\\" quote\\\\ and  two spaces\"}, \"ended\": false}"
        #expect(RawJSONMember.object("snapshot", in: Array(body.utf8))
            == "{\"status\":{\"state\":\"running\"},\"points\":[[52.37,4.89],[52.3701,4.8901]],\"note\":\"a } brace, a \\\" quote\\\\ and  two spaces\"}")
    }

    @Test func whatItFindsDecodesToWhatADecoderFindsInTheWholeDocument() throws {
        let snapshots: [[String: Any]] = [
            [:],
            ["points": [[52.37, 4.89]], "sentAt": 1_790_000_000.25, "status": ["state": "paused", "heartRate": 142]],
            ["text": "line\nbreak\ttab \u{2028} é 🚴 \\ \" {[", "nested": ["a": [["b": [NSNull(), true, false, -0.5e-3]]]]],
        ]
        for snapshot in snapshots {
            for options: JSONSerialization.WritingOptions in [[], [.prettyPrinted], [.prettyPrinted, .sortedKeys]] {
                let document = try JSONSerialization.data(withJSONObject: ["sequence": 3, "snapshot": snapshot, "ended": true], options: options)
                let found = try #require(RawJSONMember.object("snapshot", in: Array(document)))
                #expect(!found.contains("\n") && !found.contains("\r"), "one line for an event's data")
                let decoded = try #require(try JSONSerialization.jsonObject(with: Data(found.utf8)) as? NSDictionary)
                #expect(decoded == snapshot as NSDictionary)
            }
        }
    }

    @Test func theLastOfARepeatedMemberCountsAndAnythingElseIsNil() {
        #expect(RawJSONMember.object("snapshot", in: Array("{\"snapshot\": {\"n\": 1}, \"snapshot\": {\"n\": 2}}".utf8)) == "{\"n\":2}")
        for document in ["[]", "{}", "{\"snapshot\": [1]}", "{\"snapshot\": \"{}\"}", "{\"snap\\u0073hot\": {}}", "{\"snapshot\": {\"n\": 1}",
                         "{\"snapshot\" {}}", "{\"other\": {}}", "", "   ", "{\"snapshot\": {\"s\": \"open}", "{\"snapshot\": {}, }"] {
            #expect(RawJSONMember.object("snapshot", in: Array(document.utf8)) == nil, "\(document)")
        }
    }

    @Test func bytesCutOrChangedAnywhereNeverCrashIt() {
        let body = Array("{\"sequence\": 7, \"snapshot\": {\"points\": [[52.37, 4.89]], \"s\": \"a\\\"b\"}, \"ended\": false}".utf8)
        var generator = SystemRandomNumberGenerator()
        for length in 0...body.count { _ = RawJSONMember.object("snapshot", in: Array(body.prefix(length))) }
        for _ in 0..<5_000 {
            var changed = body
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                changed[Int.random(in: 0..<changed.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            _ = RawJSONMember.object("snapshot", in: changed)
        }
    }
}
