public import Foundation

/// A moment the person marked during the activity.
public struct ActivityMarker: Sendable, Equatable {
    /// When.
    public var date: Date
    /// A name, if the file or the person gave one.
    public var name: String?

    /// A marker at `date`.
    public init(date: Date, name: String? = nil) {
        self.date = date
        self.name = name
    }
}
