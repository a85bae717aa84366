public import Foundation

/// A `multipart/form-data` body (RFC 7578), as a browser's upload form sends it.
///
/// The parser trusts no byte: a missing boundary, a part without headers or an
/// unterminated body is a ``MultipartFormError`` naming the byte offset, never
/// a crash.
public struct MultipartForm: Sendable {
    /// One field of the form.
    public struct Part: Sendable, Equatable {
        /// The field's name (`name="…"`).
        public var name: String
        /// The file's name, for a file field (`filename="…"`).
        public var filename: String?
        /// The part's `Content-Type`, if given.
        public var contentType: String?
        /// The part's bytes.
        public var data: Data

        /// A part named `name`; a file when `filename` is given.
        public init(name: String, filename: String? = nil, contentType: String? = nil, data: Data) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.data = data
        }

        /// A text field.
        public init(name: String, text: String) {
            self.init(name: name, data: Data(text.utf8))
        }
    }

    /// The parts, in order.
    public var parts: [Part]

    /// A form of `parts`, to be sent.
    public init(parts: [Part]) {
        self.parts = parts
    }

    /// The form as a body separated by `boundary`, which must appear in no part's bytes (a random
    /// one of 32 hexadecimal digits cannot, in practice); quotes and line breaks in names are
    /// replaced, as browsers do.
    public func encoded(boundary: String) -> Data {
        func quoted(_ text: String) -> String {
            text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
        }
        var body = Data()
        for part in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(quoted(part.name))\""
            if let filename = part.filename { head += "; filename=\"\(quoted(filename))\"" }
            head += "\r\n"
            if let contentType = part.contentType { head += "Content-Type: \(contentType)\r\n" }
            body.append(Data((head + "\r\n").utf8))
            body.append(part.data)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return body
    }

    /// The first part named `name`.
    public func part(named name: String) -> Part? { parts.first { $0.name == name } }

    /// The boundary named by a `Content-Type: multipart/form-data; boundary=…` header, or nil.
    public static func boundary(contentType: String) -> String? {
        let pieces = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard pieces.first?.lowercased() == "multipart/form-data" else { return nil }
        for piece in pieces.dropFirst() where piece.lowercased().hasPrefix("boundary=") {
            var value = String(piece.dropFirst("boundary=".count))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return (1...70).contains(value.utf8.count) ? value : nil
        }
        return nil
    }

    /// Parses `body`, whose parts `boundary` separates.
    /// - Throws: ``MultipartFormError`` with the byte offset of what is wrong.
    public init(body: Data, boundary: String) throws(MultipartFormError) {
        let bytes = [UInt8](body)
        let delimiter = Array("--\(boundary)".utf8)
        let separator = Array("\r\n--\(boundary)".utf8)
        guard var position = Self.find(delimiter, in: bytes, from: 0) else {
            throw MultipartFormError(offset: 0, message: "the body holds no part: its boundary \"\(boundary)\" never appears")
        }
        position += delimiter.count
        var parts: [Part] = []
        while true {
            // After a delimiter: "--" ends the body, CRLF starts a part.
            if bytes.count >= position + 2, bytes[position] == 0x2D, bytes[position + 1] == 0x2D { break }
            guard bytes.count >= position + 2, bytes[position] == 0x0D, bytes[position + 1] == 0x0A else {
                throw MultipartFormError(offset: position, message: "a boundary is not followed by a line break or by --")
            }
            position += 2
            guard let headerEnd = Self.find(Array("\r\n\r\n".utf8), in: bytes, from: position) else {
                throw MultipartFormError(offset: position, message: "a part's headers never end (no empty line)")
            }
            let headers = String(decoding: bytes[position..<headerEnd], as: UTF8.self)
            let contentStart = headerEnd + 4
            guard let contentEnd = Self.find(separator, in: bytes, from: contentStart) else {
                throw MultipartFormError(offset: contentStart, message: "a part never ends: the body stops before its closing boundary (was the upload cut short?)")
            }
            var part = Part(name: "", filename: nil, contentType: nil, data: Data(bytes[contentStart..<contentEnd]))
            for line in headers.components(separatedBy: "\r\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let field = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if field == "content-type" { part.contentType = value }
                guard field == "content-disposition" else { continue }
                for parameter in value.split(separator: ";").dropFirst() {
                    let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    guard pair.count == 2 else { continue }
                    var text = pair[1]
                    if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = String(text.dropFirst().dropLast()) }
                    if pair[0].lowercased() == "name" { part.name = text }
                    if pair[0].lowercased() == "filename" { part.filename = text }
                }
            }
            guard !part.name.isEmpty else { throw MultipartFormError(offset: position, message: "a part has no Content-Disposition name") }
            parts.append(part)
            position = contentEnd + separator.count
        }
        self.parts = parts
    }

    /// The offset of the first occurrence of `needle` in `haystack` at or after `start`.
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        let first = needle[0]
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first {
                var matched = true
                for offset in 1..<needle.count where haystack[index + offset] != needle[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }
}
