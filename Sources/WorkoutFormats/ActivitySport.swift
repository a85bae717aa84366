import Foundation

/// The sport of an activity, with its numbers and names in each format.
public enum ActivitySport: Sendable, Hashable, CaseIterable {
    /// Anything not listed.
    case generic
    /// Running.
    case running
    /// Cycling.
    case cycling
    /// A multisport transition.
    case transition
    /// Swimming.
    case swimming
    /// Walking.
    case walking
    /// Hiking.
    case hiking
    /// Rowing.
    case rowing
    /// Cross-country skiing.
    case crossCountrySkiing
    /// Training (strength, cardio).
    case training

    /// The FIT `sport` enum value.
    public var fitValue: UInt8 {
        switch self {
        case .generic: 0
        case .running: 1
        case .cycling: 2
        case .transition: 3
        case .swimming: 5
        case .training: 10
        case .walking: 11
        case .crossCountrySkiing: 12
        case .rowing: 15
        case .hiking: 17
        }
    }

    /// The sport of a FIT `sport` value; unknown values are ``generic``.
    public init(fitValue: UInt8) {
        self = Self.allCases.first { $0.fitValue == fitValue } ?? .generic
    }

    /// TCX's `Sport` attribute: Running, Biking or Other.
    public var tcxName: String {
        switch self {
        case .running, .walking, .hiking: "Running"
        case .cycling: "Biking"
        default: "Other"
        }
    }

    /// The sport of a TCX `Sport` attribute.
    public init(tcxName: String) {
        switch tcxName.lowercased() {
        case "running": self = .running
        case "biking": self = .cycling
        default: self = .generic
        }
    }

    /// A lowercase name, as GPX's `type` element and people use it.
    public var name: String {
        switch self {
        case .generic: "generic"
        case .running: "running"
        case .cycling: "cycling"
        case .transition: "transition"
        case .swimming: "swimming"
        case .walking: "walking"
        case .hiking: "hiking"
        case .rowing: "rowing"
        case .crossCountrySkiing: "cross_country_skiing"
        case .training: "training"
        }
    }

    /// The sport named by a GPX `type` (or similar) text, if recognised.
    public init?(name: String) {
        let key = name.lowercased().replacingOccurrences(of: " ", with: "_")
        if let sport = Self.allCases.first(where: { $0.name == key }) {
            self = sport
            return
        }
        switch key {
        case "run", "9", "trail_running": self = .running
        case "ride", "bike", "biking", "1", "road_biking", "mountain_biking", "cycle": self = .cycling
        case "walk": self = .walking
        case "hike": self = .hiking
        case "swim": self = .swimming
        default: return nil
        }
    }
}
