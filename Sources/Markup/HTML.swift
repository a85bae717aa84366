/// HTML that escapes by construction: text interpolated into it is escaped for HTML's text and quoted
/// attributes, and markup enters only as ``HTML`` values, from literals in source code or through the
/// visibly named ``raw(_:)``.
///
/// ```swift
/// let name = "<script>"
/// let row: HTML = "<td class=\"name\">\(name)</td>"   // <td class="name">&lt;script&gt;</td>
/// let page: HTML = "<tr>\(row)</tr>"                   // row is markup: kept as it is
/// ```
public struct HTML: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    /// The markup.
    public private(set) var description: String

    private init(markup: String) { description = markup }

    /// Markup written in source code.
    public init(stringLiteral markup: String) { description = markup }

    /// Markup written in source code with values interpolated: text escaped, ``HTML`` kept.
    public init(stringInterpolation: StringInterpolation) { description = stringInterpolation.markup }

    /// Markup from elsewhere, trusted as it is: a stylesheet, a script, an SVG this package drew. Never for text
    /// that came from a file, a form or a database.
    public static func raw(_ trustedMarkup: String) -> HTML { HTML(markup: trustedMarkup) }

    /// No markup.
    public static let empty = HTML(markup: "")

    /// Whether there is no markup.
    public var isEmpty: Bool { description.isEmpty }

    /// `left` then `right`.
    public static func + (left: HTML, right: HTML) -> HTML { HTML(markup: left.description + right.description) }

    /// Appends `right`.
    public static func += (left: inout HTML, right: HTML) { left.description += right.description }

    /// Builds markup from literals and interpolated values.
    public struct StringInterpolation: StringInterpolationProtocol {
        var markup = ""

        /// Space for the literal parts.
        public init(literalCapacity: Int, interpolationCount: Int) { markup.reserveCapacity(literalCapacity + interpolationCount * 8) }

        /// A literal part: markup.
        public mutating func appendLiteral(_ literal: String) { markup += literal }

        /// Text, escaped.
        public mutating func appendInterpolation(_ text: String) { HTML.escape(text, into: &markup) }

        /// Text, escaped.
        public mutating func appendInterpolation(_ text: Substring) { HTML.escape(String(text), into: &markup) }

        /// Markup, kept.
        public mutating func appendInterpolation(_ html: HTML) { markup += html.description }

        /// An integer, in decimal.
        public mutating func appendInterpolation(_ value: some BinaryInteger) { markup += String(value) }
    }

    /// Writes `text` into `markup` with `& < > " '` escaped, for element content and quoted attribute values.
    static func escape(_ text: String, into markup: inout String) {
        // Most text (numbers, path data, names) holds none of the five: one check of its bytes, then one append.
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            markup += text
            return
        }
        for character in text.unicodeScalars {
            switch character {
            case "&": markup += "&amp;"
            case "<": markup += "&lt;"
            case ">": markup += "&gt;"
            case "\"": markup += "&quot;"
            case "'": markup += "&#39;"
            default: markup.unicodeScalars.append(character)
            }
        }
    }
}

extension Sequence where Element == HTML {
    /// The elements' markup one after another, `separator` between them.
    public func joined(separator: HTML = .empty) -> HTML {
        var result = HTML.empty
        var first = true
        for element in self {
            if !first { result += separator }
            result += element
            first = false
        }
        return result
    }
}
