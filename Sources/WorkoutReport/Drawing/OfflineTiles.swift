public import Foundation

/// Map tiles given with the report rather than asked of a server: an MBTiles file's, inlined into the page as
/// data, so the page still opens offline and makes no request.
public struct OfflineTiles: Sendable {
    /// The zoom levels there are tiles for.
    public var zooms: ClosedRange<Int>
    /// Who made the map, as the tiles' licence asks it to be said.
    public var attribution: String?
    /// The image of tile `x`, `y` at `zoom` (XYZ numbering, y from the north), or nil where there is none.
    public let tile: @Sendable (_ zoom: Int, _ x: Int, _ y: Int) -> Data?

    /// Tiles at `zooms` from `tile`, credited to `attribution`.
    public init(zooms: ClosedRange<Int>, attribution: String?, tile: @escaping @Sendable (_ zoom: Int, _ x: Int, _ y: Int) -> Data?) {
        self.zooms = zooms
        self.attribution = attribution
        self.tile = tile
    }

    /// A tile's bytes as a `data:` URL, its type read from its first bytes.
    static func dataURL(_ data: Data) -> String {
        "data:\(mediaType(of: data));base64," + data.base64EncodedString()
    }

    /// A tile's media type, read from its first bytes: PNG, JPEG or WebP.
    public static func mediaType(of data: Data) -> String {
        let bytes = [UInt8](data.prefix(12))
        return bytes.starts(with: [0xFF, 0xD8]) ? "image/jpeg"
            : bytes.count >= 12 && bytes[0..<4] == [0x52, 0x49, 0x46, 0x46] && bytes[8..<12] == [0x57, 0x45, 0x42, 0x50] ? "image/webp" : "image/png"
    }

    /// Who made the tiles a server's template names, when it is a map whose licence is known (OpenStreetMap's),
    /// else the server's host, so tiles are never shown uncredited.
    public static func attribution(ofTemplate template: String) -> String {
        if template.lowercased().contains("openstreetmap.org") { return "© OpenStreetMap contributors" }
        let host = URL(string: template.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: ""))?.host
        return "Map tiles: \(host ?? template)"
    }
}
