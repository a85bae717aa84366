public import Foundation

/// A start or stop of the activity's timer.
public struct ActivityTimerEvent: Sendable, Equatable {
    /// Whether the timer started or stopped.
    public enum Kind: Sendable, Equatable { case start, stop }
    /// Start or stop.
    public var kind: Kind
    /// When.
    public var date: Date
    /// Whether the device did it by itself (auto-pause), not the person.
    public var isAutomatic: Bool

    /// A timer event.
    public init(_ kind: Kind, at date: Date, isAutomatic: Bool = false) {
        self.kind = kind
        self.date = date
        self.isAutomatic = isAutomatic
    }
}
