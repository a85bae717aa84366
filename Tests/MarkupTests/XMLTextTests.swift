import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Markup
import Testing

@Suite struct XMLTextTests {
    @Test func theFiveSpecialCharactersAreEscaped() {
        #expect(XMLText.escaped(#"a<b>&"c"'d'"#) == "a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;")
        #expect(XMLText.escaped("Zürich → 🚴") == "Zürich → 🚴")
    }

    @Test func escapedTextParsesBackToItself() throws {
        let text = #"<ride name="Tom's" & more>"#
        let document = "<r a=\"\(XMLText.escaped(text))\">\(XMLText.escaped(text))</r>"
        let parsed = try XMLDocument(xmlString: document)
        #expect(parsed.rootElement()?.stringValue == text)
        #expect(parsed.rootElement()?.attribute(forName: "a")?.stringValue == text)
    }

    @Test func bytesAreAppendedForStreamingWriters() {
        var bytes = Array("x=".utf8)
        XMLText.append("1 < 2", to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "x=1 &lt; 2")
    }
}
