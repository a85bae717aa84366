/// What storing a workout did.
public enum StoreOutcome: Sendable, Equatable {
    /// It is stored now, with all its series.
    case stored
    /// The athlete had it already: nothing changed (sending twice is harmless).
    case alreadyStored
    /// Another athlete's workout has this UUID: nothing changed.
    case ownedByAnother
}
