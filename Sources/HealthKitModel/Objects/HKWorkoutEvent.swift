public import Foundation

/// Something that happened during a workout: a pause, a lap, a marker.
///
/// ```swift
/// let lap = HKWorkoutEvent(type: .lap, dateInterval: DateInterval(start: lapStart, end: now), metadata: nil)
/// ```
public final class HKWorkoutEvent: Hashable, Sendable {
    /// The kind of event.
    public let type: HKWorkoutEventType
    /// When it happened; zero length except for laps and segments.
    public let dateInterval: DateInterval
    /// Extra facts about the event (stored as storable values).
    package let storedMetadata: [String: MetadataValue]?

    /// Creates an event. Traps, as Apple's does, when an event other than a lap
    /// or segment has a duration.
    public init(type: HKWorkoutEventType, dateInterval: DateInterval, metadata: [String: Any]?) {
        if !type.allowsDuration, dateInterval.duration != 0 {
            validationFailure(HKError(.errorInvalidArgument, "Workout events of type \(type) must have a zero-length date interval"))
        }
        self.type = type
        self.dateInterval = dateInterval
        self.storedMetadata = MetadataValue.encode(metadata)
    }

    package init(type: HKWorkoutEventType, dateInterval: DateInterval, storedMetadata: [String: MetadataValue]?) {
        self.type = type
        self.dateInterval = dateInterval
        self.storedMetadata = storedMetadata
    }

    /// Creates a zero-length event at `date`.
    @available(*, deprecated, message: "Use init(type:dateInterval:metadata:)")
    public convenience init(type: HKWorkoutEventType, date: Date) {
        self.init(type: type, dateInterval: DateInterval(start: date, duration: 0), metadata: nil)
    }

    /// When the event starts.
    @available(*, deprecated, message: "Use dateInterval")
    public var date: Date { dateInterval.start }

    /// Extra facts about the event.
    public var metadata: [String: Any]? { MetadataValue.decode(storedMetadata) }

    /// Events are equal when type, interval and metadata are.
    public static func == (lhs: HKWorkoutEvent, rhs: HKWorkoutEvent) -> Bool {
        lhs.type == rhs.type && lhs.dateInterval == rhs.dateInterval && lhs.storedMetadata == rhs.storedMetadata
    }

    /// Hashes type and interval.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(dateInterval)
    }
}

extension HKWorkoutEvent: Codable {
    package enum CodingKeys: String, CodingKey { case type, start, end, metadata }

    /// Decodes an event from the store's JSON.
    public convenience init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let start = try c.decode(Date.self, forKey: .start), end = try c.decode(Date.self, forKey: .end)
        self.init(type: try c.decode(HKWorkoutEventType.self, forKey: .type),
                  dateInterval: DateInterval(start: start, end: max(start, end)),
                  storedMetadata: try c.decodeIfPresent([String: MetadataValue].self, forKey: .metadata))
    }

    /// Encodes the event as the store's JSON.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(type, forKey: .type)
        try c.encode(dateInterval.start, forKey: .start)
        try c.encode(dateInterval.end, forKey: .end)
        try c.encodeIfPresent(storedMetadata, forKey: .metadata)
    }
}
