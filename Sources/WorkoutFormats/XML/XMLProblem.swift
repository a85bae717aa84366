

/// A problem found in XML, by the scanner or a handler.
struct XMLProblem: Error {
    var message: String
    /// Byte offset, or `nil` for "where the scanner is".
    var offset: Int?
    init(_ message: String, at offset: Int? = nil) {
        self.message = message
        self.offset = offset
    }

    /// The finite number `text` holds, the text of element `name` at `offset`; else the problem saying so.
    static func number(_ text: String, in name: String, at offset: Int) throws(XMLProblem) -> Double {
        guard let value = Double(text), value.isFinite else { throw XMLProblem("<\(name)>\(text)</\(name)> is not a number", at: offset) }
        return value
    }
}
