/// The first characters of a workout's UUID, as the lists and `workout` show them: at least 8 of its hex digits
/// and dashes, in any case. A server takes one wherever it takes an identifier, when one workout only starts so.
public struct ShortIdentifier: Sendable, Equatable {
    /// The characters, upper-cased as UUIDs are written.
    public let text: String

    /// `text` as a short identifier; nil when it is shorter than 8 characters, longer than a UUID, or holds
    /// anything but hex digits and dashes.
    public init?(_ text: String) {
        guard (8...35).contains(text.count), text.allSatisfy({ $0.isHexDigit || $0 == "-" }) else { return nil }
        self.text = text.uppercased()
    }
}
