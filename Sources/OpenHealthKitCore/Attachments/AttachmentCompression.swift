import CZlib
import Foundation

/// How attachments are kept in the store: zlib-compressed when that saves
/// space, as they came otherwise (a JPEG or a gzip file does not shrink).
enum AttachmentCompression {
    /// The `encoding` column's values.
    static let deflate = "deflate"
    static let identity = "identity"

    /// `data` compressed, and the encoding to store it under.
    static func compress(_ data: Data) -> (Data, String) {
        guard !data.isEmpty else { return (data, identity) }
        var bound = compressBound(uLong(data.count))
        var output = Data(count: Int(bound))
        let status = output.withUnsafeMutableBytes { out in
            data.withUnsafeBytes { input in
                compress2(out.baseAddress!.assumingMemoryBound(to: Bytef.self), &bound,
                          input.baseAddress!.assumingMemoryBound(to: Bytef.self), uLong(data.count), 6)
            }
        }
        guard status == Z_OK, Int(bound) < data.count else { return (data, identity) }
        output.count = Int(bound)
        return (output, deflate)
    }

    /// The bytes that were attached, from what the store holds.
    ///
    /// - Throws: ``HKError/Code/errorDatabaseInaccessible`` when the stored bytes do not
    ///   inflate to exactly `size` bytes (the row was damaged).
    static func decompress(_ stored: Data, encoding: String, size: Int, name: String) throws(HKError) -> Data {
        switch encoding {
        case identity where stored.count == size:
            return stored
        case deflate where size > 0:
            var length = uLong(size)
            var output = Data(count: size)
            let status = output.withUnsafeMutableBytes { out in
                stored.withUnsafeBytes { input in
                    uncompress(out.baseAddress!.assumingMemoryBound(to: Bytef.self), &length,
                               input.baseAddress?.assumingMemoryBound(to: Bytef.self), uLong(stored.count))
                }
            }
            guard status == Z_OK, Int(length) == size else { break }
            return output
        default:
            break
        }
        throw HKError(.errorDatabaseInaccessible, "The attachment \(name) is damaged in the store (\(stored.count) bytes stored as \(encoding) do not give its \(size) bytes); attach the file again.")
    }
}
