public import Foundation

/// A recording as it stands: every figure the dashboard, the live page and a mirrored companion show, taken at
/// once from the session, its builder and its data source, so that they all show the same figures.
///
/// Readings older than a few seconds are not current: the current speed, cadence and power are absent
/// after 5 s without a reading, the heart rate after 10 s.
public struct LiveSnapshot: Codable, Sendable, Equatable {
    /// Where the recording is.
    public enum State: String, Codable, Sendable, Hashable, CaseIterable {
        /// The session has not started.
        case waiting
        /// Recording.
        case running
        /// Paused by the rider.
        case paused
        /// Paused because the rider stopped moving.
        case autoPaused = "auto-paused"
        /// Stopped, not yet ended.
        case stopped
        /// Ended; the workout is being saved.
        case saving
        /// Saved (``LiveSnapshot/workoutID`` names it) or, without an identifier, discarded.
        case ended

        /// The state in words for a person, as the dashboard and the live page both say it: "recording",
        /// not "running", which on a ride would read as the sport.
        public var label: String {
            switch self {
            case .waiting: "waiting to start"
            case .running: "recording"
            case .paused: "paused"
            case .autoPaused: "auto-paused"
            case .stopped: "stopped"
            case .saving: "saving"
            case .ended: "ended"
            }
        }
    }

    /// A device the recording listens to and what it last said.
    public struct Source: Codable, Sendable, Equatable {
        /// The source's name, as its statuses carry it (`gpsd localhost:2947`, `strap /dev/ttyUSB0`).
        public var name: String
        /// What it last reported; absent until it reports anything.
        public var kind: WorkoutSourceStatus.Kind?
        /// The report's detail, such as the reason a connection went away.
        public var detail: String
        /// What people read: `3D fix, ±4 m`, `no skin contact`, `waiting for gpsd`.
        public var text: String
        /// The name the rider gave it (`power`, from `workout sensors add`), where it has one.
        public var label: String?
        /// Its battery's charge, %, where it says.
        public var battery: Int?

        /// A source's state.
        public init(name: String, kind: WorkoutSourceStatus.Kind?, detail: String, text: String, label: String? = nil, battery: Int? = nil) {
            self.name = name
            self.kind = kind
            self.detail = detail
            self.text = text
            self.label = label
            self.battery = battery
        }
    }

    /// The recording's state.
    public var state: State
    /// The activity, as HealthKit's case name (`cycling`).
    public var activity: String
    /// Whether speeds read better as pace (on foot).
    public var showsPace: Bool
    /// When the workout started.
    public var start: Date?
    /// When the snapshot was taken, on the recording's clock.
    public var date: Date
    /// Seconds of activity, pauses left out.
    public var elapsedSeconds: Double
    /// Metres covered.
    public var distanceMeters: Double
    /// The current lap's number, from 1.
    public var lap: Int
    /// Seconds of activity in the current lap.
    public var lapSeconds: Double
    /// Metres covered in the current lap.
    public var lapDistanceMeters: Double
    /// The current speed, metres per second.
    public var speed: Double?
    /// Distance over active time, metres per second.
    public var averageSpeed: Double?
    /// The fastest speed so far, as the workout will store it, metres per second.
    public var maximumSpeed: Double?
    /// The current heart rate, beats per minute.
    public var heartRate: Double?
    /// The average heart rate so far.
    public var averageHeartRate: Double?
    /// The current heart rate's zone (1 to 5) in the athlete's model; absent below zone 1 or without an athlete.
    public var heartRateZone: Int?
    /// The current cadence, revolutions (or steps) per minute.
    public var cadence: Double?
    /// The current power, watts: the mean of the power readings of the last 3 seconds (3-s power, as head
    /// units show it), absent when none is current.
    public var power: Double?
    /// The current lap's average power, watts, over the power readings since the lap began.
    public var lapAveragePower: Double?
    /// The mean power of the last 10 seconds of activity, watts.
    public var power10s: Double?
    /// The mean power of the last 30 seconds of activity, watts.
    public var power30s: Double?
    /// Normalized power so far, watts (from 30 s of activity on).
    public var normalizedPower: Double?
    /// The current lap's normalized power, watts.
    public var lapNormalizedPower: Double?
    /// Training stress so far (TSS), with the athlete's threshold power.
    public var trainingStressScore: Double?
    /// W′ balance now, joules, with the athlete's critical power and W′.
    public var wPrimeBalance: Double?
    /// W′ balance as a share of W′ (1 when full).
    public var wPrimeShare: Double?
    /// Whether W′ balance is below the warning share (a quarter of W′), when it is known.
    public var wPrimeLow: Bool?
    /// Active energy so far, kilocalories.
    public var energyKilocalories: Double?
    /// The average cadence so far, zeros left out, as the saved workout's: revolutions per minute (on foot,
    /// strides per minute, as FIT and TCX files hold a run's cadence; people read twice that, in steps).
    public var averageCadence: Double?
    /// The average power so far, watts: over every second of moving time from the power meter's first reading, as
    /// the saved workout's.
    public var averagePower: Double?
    /// Metres climbed so far, as the saved workout will state them.
    public var ascentMeters: Double?
    /// Metres descended so far, as the saved workout will state them.
    public var descentMeters: Double?
    /// The current elevation, metres.
    public var elevationMeters: Double?
    /// The grade over about the last 100 m, percent.
    public var gradePercent: Double?
    /// The GPS receiver, when one is used.
    public var gps: Source?
    /// The heart-rate strap or sensor bridge, when one is used.
    public var strap: Source?
    /// Every sensor besides the GPS, each with its state and battery, in the order they were given.
    public var sensors: [Source] = []
    /// The time of the latest fix (the receiver's clock).
    public var fixTime: Date?
    /// The saved workout's identifier, once it has ended.
    public var workoutID: String?
    /// Where the saved workout can be opened once it has ended, when it is somewhere a browser reaches
    /// (the club it was sent to); `nil` while it is only in the recorder's store.
    public var workoutURL: String?
    /// What the recording's guidance says now, a line each: the navigation along a course (`--course`) and the
    /// structured workout's step (`--workout`); nil without guidance. The dashboard and the live page show these lines.
    public var guidance: [String]?
    /// The failures still in force, at most three, newest last (``LiveFailure/inForce(_:limit:)``);
    /// `nil` when there are none.
    public var warnings: [LiveFailure]?

    /// A snapshot of a recording that has not started: no figures yet.
    public init(state: State = .waiting, activity: String, showsPace: Bool, date: Date) {
        self.state = state
        self.activity = activity
        self.showsPace = showsPace
        self.date = date
        elapsedSeconds = 0
        distanceMeters = 0
        lap = 1
        lapSeconds = 0
        lapDistanceMeters = 0
    }

    /// Whether `activity` (HealthKit's case name) is measured in pace (minutes per km) rather than speed.
    public static func showsPace(_ activity: String) -> Bool {
        ["running", "walking", "hiking", "wheelchairRunPace", "wheelchairWalkPace", "crossCountrySkiing"].contains(activity)
    }

    /// The recording's last word: this snapshot, ended, with the saved workout's identifier and its address where a
    /// browser reaches it (the club it was sent to); the same end for the recorder's live page and the club's.
    public func ended(workoutID: String?, workoutURL: String?) -> LiveSnapshot {
        var snapshot = self
        snapshot.state = .ended
        snapshot.workoutID = workoutID
        snapshot.workoutURL = workoutURL
        return snapshot
    }

    /// How snapshots travel to pages as JSON: dates in milliseconds since 1970, keys sorted. The recorder's live
    /// feed and its uplink to a club use it alike, so the one page script reads both.
    public static func jsonEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
