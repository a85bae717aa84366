import Foundation
import Markup
import Testing

@Suite struct ScriptJSONTests {
    @Test func jsonCannotEndItsScriptElementAndStaysTheSameJSON() throws {
        let title = "</script><script>alert(1)</script><!-- \u{2028}\u{2029}"
        let json = String(decoding: try JSONSerialization.data(withJSONObject: ["title": title], options: [.withoutEscapingSlashes]), as: UTF8.self)
        #expect(json.contains("</script>"), "the raw JSON holds the closing tag")
        let safe = ScriptJSON.html(json).description
        #expect(!safe.contains("<"), "\(safe)")
        #expect(!safe.contains("\u{2028}") && !safe.contains("\u{2029}"))
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(safe.utf8)) as? [String: String])
        #expect(decoded["title"] == title)
    }
}
