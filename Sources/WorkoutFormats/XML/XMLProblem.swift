

/// A problem found in XML, by the scanner or a handler.
struct XMLProblem: Error {
    var message: String
    /// Byte offset, or `nil` for "where the scanner is".
    var offset: Int?
    init(_ message: String, at offset: Int? = nil) {
        self.message = message
        self.offset = offset
    }
}
