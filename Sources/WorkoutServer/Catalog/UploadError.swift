/// Why an uploaded file was not stored.
public enum UploadError: Error, Sendable, CustomStringConvertible {
    /// The file is not a readable FIT, TCX or GPX activity; the reader's message says where and why.
    case unreadable(String)
    /// The workout is in the store already, under this identifier.
    case duplicate(String)
    /// The request carried no file.
    case missingFile(String)

    /// The message for the person who uploaded.
    public var description: String {
        switch self {
        case .unreadable(let message): message
        case .duplicate(let id): "This workout is in the store already (workout \(id)); nothing was added."
        case .missingFile(let message): message
        }
    }
}
