

/// A small, strict, fast XML scanner for activity files (GPX, TCX).
///
/// It reads UTF-8 bytes in one pass: elements, attributes, text, CDATA, the
/// five predefined entities and character references; it skips the XML
/// declaration, processing instructions, comments and DOCTYPE. Malformed
/// input (an unclosed or mismatched tag, a bad attribute, an unknown entity,
/// text cut short) is an ``XMLProblem`` at a byte offset, never a crash.
enum XMLScanner {
    static func scan(_ bytes: UnsafeRawBufferPointer, into handler: inout some XMLHandler) throws(XMLProblem) {
        let count = bytes.count
        var index = 0
        var stack: [String] = []
        var sawRoot = false
        // A UTF-8 byte order mark.
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }

        @inline(__always) func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        func find(_ pattern: [UInt8], from start: Int) -> Int? {
            var position = start
            while position + pattern.count <= count {
                if bytes[position] == pattern[0] {
                    var matches = true
                    for offset in 1..<pattern.count where bytes[position + offset] != pattern[offset] { matches = false; break }
                    if matches { return position }
                }
                position += 1
            }
            return nil
        }
        func localName(_ start: Int, _ end: Int) -> String {
            var nameStart = start
            for position in start..<end where bytes[position] == 0x3A { nameStart = position + 1 }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[nameStart..<end]), as: UTF8.self)
        }

        while index < count {
            if bytes[index] != 0x3C {  // text up to the next '<'
                let start = index
                var plain = true
                while index < count && bytes[index] != 0x3C {
                    if bytes[index] == 0x26 { plain = false }
                    index += 1
                }
                var first = start, last = index
                while first < last && isSpace(bytes[first]) { first += 1 }
                while last > first && isSpace(bytes[last - 1]) { last -= 1 }
                guard first < last else { continue }
                guard !stack.isEmpty else {
                    throw XMLProblem("text outside the root element", at: first)
                }
                let raw = UnsafeRawBufferPointer(rebasing: bytes[first..<last])
                try handler.text(plain ? String(decoding: raw, as: UTF8.self) : decodeEntities(raw, at: first), offset: first)
                continue
            }
            let tagStart = index
            guard index + 1 < count else { throw XMLProblem("the file ends inside a tag: it was cut short", at: tagStart) }
            switch bytes[index + 1] {
            case 0x3F:  // <? … ?>
                guard let end = find([0x3F, 0x3E], from: index + 2) else { throw XMLProblem("a processing instruction is not closed with ?>", at: tagStart) }
                index = end + 2
            case 0x21:  // <!-- … -->, <![CDATA[ … ]]>, <!DOCTYPE … >
                if index + 3 < count, bytes[index + 2] == 0x2D, bytes[index + 3] == 0x2D {
                    guard let end = find([0x2D, 0x2D, 0x3E], from: index + 4) else { throw XMLProblem("a comment is not closed with -->", at: tagStart) }
                    index = end + 3
                } else if let cdata = Optional(Array("<![CDATA[".utf8)), index + cdata.count <= count,
                          UnsafeRawBufferPointer(rebasing: bytes[index..<(index + cdata.count)]).elementsEqual(cdata) {
                    guard let end = find([0x5D, 0x5D, 0x3E], from: index + cdata.count) else { throw XMLProblem("a CDATA section is not closed with ]]>", at: tagStart) }
                    guard !stack.isEmpty else { throw XMLProblem("CDATA outside the root element", at: tagStart) }
                    let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(index + cdata.count)..<end]), as: UTF8.self)
                    let trimmed = text.trimmingWhitespace()
                    if !trimmed.isEmpty { try handler.text(trimmed, offset: index) }
                    index = end + 3
                } else {
                    var depth = 0
                    var position = index + 2
                    while position < count {
                        if bytes[position] == 0x5B { depth += 1 } else if bytes[position] == 0x5D { depth -= 1 } else if bytes[position] == 0x3E && depth <= 0 { break }
                        position += 1
                    }
                    guard position < count else { throw XMLProblem("a <! declaration is not closed with >", at: tagStart) }
                    index = position + 1
                }
            case 0x2F:  // </name>
                var position = index + 2
                let nameStart = position
                while position < count && !isSpace(bytes[position]) && bytes[position] != 0x3E { position += 1 }
                let nameEnd = position
                while position < count && isSpace(bytes[position]) { position += 1 }
                guard position < count, bytes[position] == 0x3E else { throw XMLProblem("an end tag is not closed with >", at: tagStart) }
                let full = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[nameStart..<nameEnd]), as: UTF8.self)
                guard let open = stack.popLast() else { throw XMLProblem("</\(full)> closes nothing", at: tagStart) }
                guard open == full else { throw XMLProblem("</\(full)> closes <\(open)>; the file is malformed here", at: tagStart) }
                try handler.endElement(localName(nameStart, nameEnd))
                index = position + 1
            default:  // <name attributes…> or <name …/>
                var position = index + 1
                let nameStart = position
                while position < count && !isSpace(bytes[position]) && bytes[position] != 0x3E && bytes[position] != 0x2F { position += 1 }
                let nameEnd = position
                guard nameEnd > nameStart else { throw XMLProblem("'<' does not start a tag (write &lt; in text)", at: tagStart) }
                guard stack.isEmpty ? !sawRoot : true else { throw XMLProblem("a second root element", at: tagStart) }
                var attributes: [(name: String, value: String)] = []
                var selfClosing = false
                while true {
                    while position < count && isSpace(bytes[position]) { position += 1 }
                    guard position < count else { throw XMLProblem("the file ends inside a tag: it was cut short", at: tagStart) }
                    if bytes[position] == 0x3E { position += 1; break }
                    if bytes[position] == 0x2F {
                        guard position + 1 < count, bytes[position + 1] == 0x3E else { throw XMLProblem("'/' inside a tag must be followed by '>'", at: position) }
                        selfClosing = true
                        position += 2
                        break
                    }
                    let attributeStart = position
                    while position < count && bytes[position] != 0x3D && !isSpace(bytes[position]) && bytes[position] != 0x3E { position += 1 }
                    let attributeEnd = position
                    while position < count && isSpace(bytes[position]) { position += 1 }
                    guard position < count, bytes[position] == 0x3D, attributeEnd > attributeStart else {
                        throw XMLProblem("an attribute needs a name, '=' and a quoted value", at: attributeStart)
                    }
                    position += 1
                    while position < count && isSpace(bytes[position]) { position += 1 }
                    guard position < count, bytes[position] == 0x22 || bytes[position] == 0x27 else {
                        throw XMLProblem("an attribute's value must be in quotes", at: position)
                    }
                    let quote = bytes[position]
                    let valueStart = position + 1
                    position = valueStart
                    var plain = true
                    while position < count && bytes[position] != quote {
                        if bytes[position] == 0x26 { plain = false } else if bytes[position] == 0x3C { throw XMLProblem("'<' inside an attribute's value", at: position) }
                        position += 1
                    }
                    guard position < count else { throw XMLProblem("an attribute's value is not closed", at: valueStart - 1) }
                    let raw = UnsafeRawBufferPointer(rebasing: bytes[valueStart..<position])
                    attributes.append((localName(attributeStart, attributeEnd), plain ? String(decoding: raw, as: UTF8.self) : try decodeEntities(raw, at: valueStart)))
                    position += 1
                }
                sawRoot = true
                let name = localName(nameStart, nameEnd)
                try handler.startElement(name, attributes: attributes, offset: tagStart)
                if selfClosing {
                    try handler.endElement(name)
                } else {
                    stack.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[nameStart..<nameEnd]), as: UTF8.self))
                }
                index = position
            }
        }
        if let open = stack.last { throw XMLProblem("the file ends before </\(open)>: it was cut short", at: count) }
        guard sawRoot else { throw XMLProblem("there is no XML element in the file", at: 0) }
    }

    /// Text with `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;`, `&#N;` and `&#xN;` decoded.
    static func decodeEntities(_ raw: UnsafeRawBufferPointer, at offset: Int) throws(XMLProblem) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            guard byte == 0x26 else { result.append(byte); index += 1; continue }
            guard let end = raw[index...].firstIndex(of: 0x3B), end - index <= 12 else {
                throw XMLProblem("'&' does not start an entity such as &amp;", at: offset + index)
            }
            let name = String(decoding: UnsafeRawBufferPointer(rebasing: raw[(index + 1)..<end]), as: UTF8.self)
            var scalar: Unicode.Scalar?
            switch name {
            case "lt": scalar = "<"
            case "gt": scalar = ">"
            case "amp": scalar = "&"
            case "quot": scalar = "\""
            case "apos": scalar = "'"
            default:
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                } else if name.hasPrefix("#") {
                    scalar = UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
                }
            }
            guard let scalar else { throw XMLProblem("unknown entity &\(name);", at: offset + index) }
            result.append(contentsOf: Array(String(Character(scalar)).utf8))
            index = end + 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Line and column (from 1) of a byte offset.
    static func lineAndColumn(of offset: Int, in bytes: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
        var line = 1, lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        // Columns count characters, not bytes.
        let column = UnsafeRawBufferPointer(rebasing: bytes[lineStart..<min(offset, bytes.count)]).reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return (line, column)
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !" \t\r\n".unicodeScalars.contains($0) }),
              let last = scalars.lastIndex(where: { !" \t\r\n".unicodeScalars.contains($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
