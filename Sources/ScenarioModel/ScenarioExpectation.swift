import WorkoutFormats
import Foundation

/// One thing a scenario's result must show, such as `totalDistanceMeters: 5000 ± 1%`.
public struct ScenarioExpectation: Sendable, Hashable {
    /// How the measured value is judged.
    public enum Check: Sendable, Hashable {
        /// Within `tolerance` of `value`; a relative tolerance is a fraction of `value`.
        case approximately(Double, tolerance: Double, relative: Bool)
        /// At least `minimum` and at most `maximum`, where given.
        case range(minimum: Double?, maximum: Double?)
        /// Exactly this text.
        case equals(String)
        /// Exactly these items, in order.
        case sequence([String])
    }

    /// The result key, such as `heartRate.average` (see ``ScenarioResult/value(forKey:)``).
    public var key: String
    /// How the value is judged.
    public var check: Check
    /// Where the expectation is written, for reports.
    public var line: Int

    /// Describes an expectation.
    public init(key: String, check: Check, line: Int = 0) {
        self.key = key
        self.check = check
        self.line = line
    }

    /// What was expected, for people: `5000 ± 50`, `≥ 80`, `ended`.
    public var expectedDescription: String {
        switch check {
        case .approximately(let value, let tolerance, let relative):
            tolerance == 0 ? Self.show(value, key: key) : "\(Self.show(value, key: key)) ± " + (relative ? "\(format(tolerance * 100))%" : Self.show(tolerance, key: key))
        case .range(let minimum?, let maximum?): "\(Self.show(minimum, key: key))…\(Self.show(maximum, key: key))"
        case .range(let minimum?, nil): "≥ \(Self.show(minimum, key: key))"
        case .range(nil, let maximum?): "≤ \(Self.show(maximum, key: key))"
        case .range(nil, nil): "anything"
        case .equals(let text): text
        case .sequence(let items): "[" + items.joined(separator: ", ") + "]"
        }
    }

    /// Judges a measured value.
    public func judge(_ measured: ScenarioValue?) -> Bool {
        switch (check, measured) {
        case (.approximately(let value, let tolerance, let relative), .number(let number)?):
            return abs(number - value) <= (relative ? abs(value) * tolerance : tolerance) + 1e-9
        case (.range(let minimum, let maximum), .number(let number)?):
            return (minimum.map { number >= $0 - 1e-9 } ?? true) && (maximum.map { number <= $0 + 1e-9 } ?? true)
        case (.equals(let text), .text(let measured)?):
            return text == measured
        case (.sequence(let items), .list(let measured)?):
            return items == measured
        default:
            return false
        }
    }

    /// The keys whose values are times, written as durations in files and reports.
    package static func isTime(_ key: String) -> Bool {
        key == "duration" || key == "elapsed" || key.hasSuffix("Seconds") || key.hasSuffix(".seconds") || key == "offCourse.within"
    }

    /// The keys whose values are shares in %, which expectations may write with a `%`.
    package static func isPercent(_ key: String) -> Bool {
        key.hasSuffix("inTarget") || key.hasSuffix("InTarget")
    }

    package static func show(_ value: Double, key: String) -> String {
        isTime(key) ? WorkoutFigures.clock(value) : format(value)
    }

    /// The keys an expectation may name: fixed ones and the families below.
    package static let fixedKeys = [
        "state", "activityType", "duration", "elapsed", "totalDistanceMeters", "totalEnergyKilocalories",
        "heartRate.average", "heartRate.minimum", "heartRate.maximum", "power.average", "cadence.average",
        "averageSpeedMetersPerSecond", "maximumSpeedMetersPerSecond", "elevationAscendedMeters", "elevationDescendedMeters",
        "events", "laps", "activities", "errors", "groundTruth.distanceMeters", "cues",
    ]
    /// Key families: `events.lap`, `sampleCounts.heartRate`, `faults.gpsLoss.routeGapSeconds`, `steps.inTarget`, `steps.3.seconds`.
    package static let familyPrefixes = ["events.", "sampleCounts.", "faults.", "buckets.", "steps.", "offCourse.", "course."]
}
