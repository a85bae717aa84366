import Foundation
public import HealthKitModel
import TrainingMetrics

/// A workout's best efforts over every standard distance and duration any sport's report looks for, in
/// metric and imperial: the fastest time over each distance and the highest average power over each
/// duration. They are computed once, when a workout is saved, and kept with it (a store's workout in
/// ``metadataValue``, a club's in its row), so personal records across every workout read one value a
/// workout, never their records.
public struct WorkoutEfforts: Sendable, Equatable {
    /// The distances looked for, in metres: a swim's (100 to 1,650 yd, 100 to 1,500 m), a row's, a run's
    /// (1 km, 1 mi, 5 and 10 km, the half and the marathon) and a ride's (10 to 100 km, 10 to 100 mi).
    public static let distances: [Double] = [
        91.44, 100, 200, 400, 457.2, 500, 800, 914.4, 1_000, 1_500, 1_508.76, 1_609.344, 2_000, 5_000, 10_000,
        16_093.44, 20_000, 21_097.5, 40_000, 40_233.6, 42_195, 80_467.2, 100_000, 160_934.4,
    ]
    /// The durations best power is looked for over, in seconds: 5 s to 60 min.
    public static let powerSeconds = [5, 30, 60, 300, 600, 1_200, 3_600]

    /// The fastest moving time over each distance the workout covered, in seconds, by metres.
    public var fastest: [Double: Double]
    /// The best average power held for at least each duration the workout lasted (the power curve's
    /// point, ``MeanMaximalPower``), in watts, by seconds.
    public var power: [Int: Double]
    /// A multisport workout's efforts, leg by leg with each leg's sport: each belongs to its own sport's
    /// records (a triathlon's bike leg to cycling's), never to the workout's. Empty for a workout of one
    /// sport, whose efforts are ``fastest`` and ``power``; a multisport workout has none of its own.
    public var legs: [Leg]

    /// One leg's efforts and the sport they belong to.
    public struct Leg: Sendable, Equatable {
        /// The leg's activity, as HealthKit's case: `swimming`, `cycling`, `running`, …
        public var activity: String
        /// Its efforts, over the leg alone (its distance counted from its start).
        public var efforts: WorkoutEfforts

        /// A leg's efforts as given.
        public init(activity: String, efforts: WorkoutEfforts) {
            self.activity = activity
            self.efforts = efforts
        }
    }

    /// Efforts as given.
    public init(fastest: [Double: Double] = [:], power: [Int: Double] = [:], legs: [Leg] = []) {
        self.fastest = fastest
        self.power = power
        self.legs = legs
    }

    /// The efforts of `activity`, whose timeline is `timeline`: a multisport activity's leg by leg
    /// (``Activity/legs()``, transitions left out), any other's over the whole (``init(timeline:)``).
    public init(activity: Activity, timeline: WorkoutTimeline) {
        guard activity.sessions.count > 1 else {
            self.init(timeline: timeline)
            return
        }
        var legs: [Leg] = []
        for leg in activity.legs() {
            guard let sport = leg.sessions.first?.sport, sport != .transition else { continue }
            legs.append(Leg(activity: sport.activityType.name, efforts: WorkoutEfforts(timeline: WorkoutTimeline(activity: leg))))
        }
        self.init(legs: legs)
    }

    /// The efforts of one sport each holds, as (sport, efforts): a multisport workout's legs, or the
    /// workout's own under `activity`, its HealthKit case.
    public func bySport(activity: String) -> [(activity: String, efforts: WorkoutEfforts)] {
        legs.isEmpty ? [(activity, self)] : legs.map { ($0.activity, $0.efforts) }
    }

    /// The efforts of `timeline`, its power taken one value a second of moving time as the training metrics
    /// take it (``WorkoutTimeline/seconds(of:)``), by the same search as the report's best efforts (``BestEffort``).
    public init(timeline: WorkoutTimeline) {
        let power = timeline.seconds(of: \.power)
        var fastest: [Double: Double] = [:]
        let covered = timeline.distance.last ?? 0
        for meters in Self.distances where meters <= covered {
            if let effort = BestEffort.fastest(meters, in: timeline) { fastest[meters] = effort.value }
        }
        var best: [Int: Double] = [:]
        if !power.values.isEmpty {
            let curve = MeanMaximalPower(watts: power.values)
            for seconds in Self.powerSeconds {
                if let effort = BestEffort.power(seconds, in: power, curve: curve, timeline: timeline), effort.value > 0 { best[seconds] = effort.value }
            }
        }
        self.init(fastest: fastest, power: best)
    }

    /// Whether none was found (a workout without distance or power, or shorter than every effort).
    public var isEmpty: Bool { fastest.isEmpty && power.isEmpty && legs.allSatisfy(\.efforts.isEmpty) }

    /// The efforts as kept in a workout's metadata (``OpenHealthKitMetadataKeyBestEfforts``) and a club's
    /// row: `d1000=203.4 p5=912`, in order, to a tenth; a multisport workout's leg by leg, each after its
    /// sport: `swimming: d100=98.2 / cycling: d10000=1023.5 p5=610 / running: d1000=241`.
    public var metadataValue: String {
        guard legs.isEmpty else { return legs.map { "\($0.activity): \($0.efforts.metadataValue)" }.joined(separator: " / ") }
        let distances = fastest.sorted { $0.key < $1.key }.map { "d\(Self.key($0.key))=\(Self.text($0.value))" }
        let powers = power.sorted { $0.key < $1.key }.map { "p\($0.key)=\(Self.text($0.value))" }
        return (distances + powers).joined(separator: " ")
    }

    /// The efforts `text` keeps (``metadataValue``); nil when any part cannot be read, so a damaged
    /// value is computed again rather than half believed.
    public init?(metadataValue text: String) {
        if text.contains(":") {
            var legs: [Leg] = []
            for part in text.split(separator: "/") {
                let pair = part.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                let activity = pair[0].trimmingCharacters(in: .whitespaces)
                guard pair.count == 2, !activity.isEmpty, activity.allSatisfy({ $0.isLetter }),
                      let efforts = WorkoutEfforts(metadataValue: String(pair[1])), efforts.legs.isEmpty else { return nil }
                legs.append(Leg(activity: activity, efforts: efforts))
            }
            guard !legs.isEmpty else { return nil }
            self.init(legs: legs)
            return
        }
        var fastest: [Double: Double] = [:], power: [Int: Double] = [:]
        for part in text.split(separator: " ") {
            let pair = part.dropFirst().split(separator: "=", omittingEmptySubsequences: false)
            guard pair.count == 2, let value = Double(pair[1]), value.isFinite, value > 0 else { return nil }
            switch part.first {
            case "d":
                guard let meters = Double(pair[0]), meters.isFinite, meters > 0 else { return nil }
                fastest[meters] = value
            case "p":
                guard let seconds = Int(pair[0]), seconds > 0 else { return nil }
                power[seconds] = value
            default:
                return nil
            }
        }
        self.init(fastest: fastest, power: power)
    }

    /// A distance as written: whole metres without a point, else every digit it has (`91.44`).
    private static func key(_ meters: Double) -> String {
        meters == meters.rounded() ? String(Int(meters)) : String(meters)
    }

    private static func text(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    }
}

extension WorkoutEfforts {
    /// The efforts kept with `workout` (``OpenHealthKitMetadataKeyBestEfforts``); nil when none are, when
    /// they do not read, or when a multisport workout's were kept as one workout's, before they were kept
    /// leg by leg: each is then computed again.
    public init?(keptWith workout: HKWorkout) {
        guard let text = workout.metadata?[OpenHealthKitMetadataKeyBestEfforts] as? String, let efforts = WorkoutEfforts(metadataValue: text) else { return nil }
        let sports = workout.workoutActivities.filter { $0.workoutConfiguration.activityType != .transition }
        if efforts.legs.isEmpty, sports.count > 1 { return nil }
        self = efforts
    }
}
