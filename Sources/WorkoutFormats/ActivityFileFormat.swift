public import Foundation

/// The activity file formats: FIT, TCX and GPX.
public enum ActivityFileFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Garmin's binary Flexible and Interoperable Data Transfer format.
    case fit
    /// Garmin Training Center XML, version 2.
    case tcx
    /// GPS Exchange Format 1.1.
    case gpx

    /// The format a file's extension names (`.fit`, `.tcx`, `.gpx`, any case), if any.
    public init?(pathExtension: String) {
        self.init(rawValue: pathExtension.lowercased())
    }

    /// The format of `data` by its content: a FIT header, or a TCX or GPX root element.
    public init?(sniffing data: Data) {
        if data.count >= 12, data[data.startIndex + 8..<data.startIndex + 12].elementsEqual(Array(".FIT".utf8)) {
            self = .fit
            return
        }
        let head = String(decoding: data.prefix(2048), as: UTF8.self)
        if head.contains("<TrainingCenterDatabase") { self = .tcx } else if head.contains("<gpx") { self = .gpx } else { return nil }
    }

    /// The media type files of this format are served as.
    public var mediaType: String {
        switch self {
        case .fit: "application/vnd.ant.fit"
        case .tcx: "application/vnd.garmin.tcx+xml"
        case .gpx: "application/gpx+xml"
        }
    }

    /// The extension, such as `fit`.
    public var description: String { rawValue }
}
