/// A uniform type identifier: what kind of data a file holds, as Apple's
/// `UniformTypeIdentifiers` names it (that framework does not exist on Linux).
///
/// Only what attachments need: an identifier, its preferred filename extension
/// and MIME type, and lookup by extension for the types listed here.
///
/// ```swift
/// let type = UTType(filenameExtension: "fit") ?? .data   // com.garmin.fit
/// ```
public struct UTType: Hashable, Sendable, CustomStringConvertible {
    /// The reverse-DNS identifier, such as `public.json`.
    public let identifier: String
    /// The extension files of this type usually carry, without the dot.
    public let preferredFilenameExtension: String?
    /// The MIME type, such as `application/json`.
    public let preferredMIMEType: String?

    /// A type declared by another party, known by its identifier.
    public init(importedAs identifier: String) {
        self = Self.known.first { $0.identifier == identifier } ?? UTType(identifier, nil, nil)
    }

    /// A type this program declares, known by its identifier.
    public init(exportedAs identifier: String) {
        self.init(importedAs: identifier)
    }

    /// The type listed here with `identifier`, or nil.
    public init?(_ identifier: String) {
        guard let type = Self.known.first(where: { $0.identifier == identifier }) else { return nil }
        self = type
    }

    /// The type listed here whose files end in `filenameExtension` (any case), or nil.
    public init?(filenameExtension: String) {
        let wanted = filenameExtension.lowercased()
        guard let type = Self.known.first(where: { $0.preferredFilenameExtension == wanted }) else { return nil }
        self = type
    }

    private init(_ identifier: String, _ filenameExtension: String?, _ mimeType: String?) {
        self.identifier = identifier
        self.preferredFilenameExtension = filenameExtension
        self.preferredMIMEType = mimeType
    }

    /// The identifier.
    public var description: String { identifier }

    /// Any bytes.
    public static let data = UTType("public.data", nil, "application/octet-stream")
    /// Text in UTF-8.
    public static let plainText = UTType("public.plain-text", "txt", "text/plain")
    /// JSON.
    public static let json = UTType("public.json", "json", "application/json")
    /// XML.
    public static let xml = UTType("public.xml", "xml", "application/xml")
    /// A PDF document.
    public static let pdf = UTType("com.adobe.pdf", "pdf", "application/pdf")
    /// A JPEG image.
    public static let jpeg = UTType("public.jpeg", "jpg", "image/jpeg")
    /// A PNG image.
    public static let png = UTType("public.png", "png", "image/png")
    /// A gzip archive.
    public static let gzip = UTType("org.gnu.gnu-zip-archive", "gz", "application/gzip")
    /// Garmin's Flexible and Interoperable Data Transfer file.
    public static let fit = UTType("com.garmin.fit", "fit", "application/vnd.ant.fit")
    /// Garmin's Training Center XML.
    public static let tcx = UTType("com.garmin.tcx", "tcx", "application/vnd.garmin.tcx+xml")
    /// The GPS Exchange Format.
    public static let gpx = UTType("com.topografix.gpx", "gpx", "application/gpx+xml")

    private static let known: [UTType] = [.data, .plainText, .json, .xml, .pdf, .jpeg, .png, .gzip, .fit, .tcx, .gpx]
}
