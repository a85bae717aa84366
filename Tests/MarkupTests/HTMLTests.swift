import Foundation
import Markup
import Testing

@Suite struct HTMLTests {
    @Test func interpolatedTextIsEscapedAndMarkupIsKept() {
        let name = #"<script>alert("x")</script> & 'quoted'"#
        let cell: HTML = "<td title=\"\(name)\">\(name)</td>"
        #expect(cell.description == #"<td title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;</td>"#)
        let row: HTML = "<tr>\(cell)</tr>"
        #expect(row.description == "<tr>" + cell.description + "</tr>")
    }

    @Test func integersAndSubstringsInterpolate() {
        let text = "a<b>c"
        let html: HTML = "<p data-n=\"\(42)\">\(text.dropFirst())</p>"
        #expect(html.description == #"<p data-n="42">&lt;b&gt;c</p>"#)
    }

    @Test func rawMarkupIsTheOnlyWayInForUnescapedText() {
        let style = "p > a { color: red }"
        let page: HTML = "<style>\(HTML.raw(style))</style><p>\(style)</p>"
        #expect(page.description == "<style>p > a { color: red }</style><p>p &gt; a { color: red }</p>")
    }

    @Test func markupJoinsAndAppends() {
        let items = ["<1>", "2"].map { item -> HTML in "<li>\(item)</li>" }
        var list: HTML = "<ul>"
        list += items.joined(separator: "\n")
        list += "</ul>"
        #expect(list.description == "<ul><li>&lt;1&gt;</li>\n<li>2</li></ul>")
        #expect(HTML.empty.isEmpty && !list.isEmpty)
        #expect((HTML.empty + list) == list)
    }

    @Test func everyCharacterOutsideTheFiveIsKept() {
        let text = "Zürich → 10 km · naïve 🚴 \u{0} \t"
        let html: HTML = "\(text)"
        #expect(html.description == text)
    }
}
