/// Text in XML (GPX, TCX, JUnit reports): the one escaper for XML's character data and quoted attributes.
public enum XMLText {
    /// `text` with `< > & " '` escaped.
    public static func escaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text`'s UTF-8 with `< > & " '` escaped to `bytes`, for writers that stream bytes.
    public static func append(_ text: String, to bytes: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case 0x3C: bytes.append(contentsOf: [0x26, 0x6C, 0x74, 0x3B])  // &lt;
            case 0x3E: bytes.append(contentsOf: [0x26, 0x67, 0x74, 0x3B])  // &gt;
            case 0x26: bytes.append(contentsOf: [0x26, 0x61, 0x6D, 0x70, 0x3B])  // &amp;
            case 0x22: bytes.append(contentsOf: [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B])  // &quot;
            case 0x27: bytes.append(contentsOf: [0x26, 0x61, 0x70, 0x6F, 0x73, 0x3B])  // &apos;
            default: bytes.append(byte)
            }
        }
    }
}
