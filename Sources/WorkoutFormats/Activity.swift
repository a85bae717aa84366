public import Foundation

/// A recorded activity as the file formats hold it: a time series of records,
/// the timer's starts and stops, laps and sessions with their totals, and
/// heartbeat intervals.
///
/// This is the common ground of FIT, TCX and GPX. ``FITActivityWriter``,
/// ``TCXWriter`` and ``GPXWriter`` write one; ``ActivityFile/read(_:)`` reads
/// any of the three into one; `Activity(workout:in:)` builds one from a stored
/// workout and ``ActivityImporter`` stores one as a workout.
///
/// ```swift
/// let activity = try ActivityFile.read(URL(fileURLWithPath: "ride.fit")).activity
/// print(activity.sessions.first?.distance ?? 0, "m")
/// ```
public struct Activity: Sendable, Equatable {
    /// The samples of the activity, oldest first; a device may write some
    /// inside a pause, as its timer stops and starts.
    public var records: [ActivityRecord]
    /// The timer's starts and stops, oldest first: a pause is a stop followed by a start.
    public var timerEvents: [ActivityTimerEvent]
    /// The laps, oldest first, each inside one session.
    public var laps: [ActivitySummary]
    /// The sessions, oldest first: one, or one per leg of a multisport activity.
    public var sessions: [ActivitySummary]
    /// Beat-to-beat (RR) intervals, oldest first.
    public var heartbeatIntervals: [ActivityHeartbeatInterval]
    /// Moments the person marked (a device's marker or "waypoint" button), oldest first.
    public var markers: [ActivityMarker] = []
    /// Where the records' altitudes came from, when known.
    public var elevationSource: ActivityElevationSource = .unknown
    /// The device or program that recorded the activity.
    public var creator: ActivityCreator
    /// Records a reader left out as implausible (a time jumping more than a
    /// day from its neighbours, as a damaged file's last record may).
    public var discardedRecords = 0

    /// An activity from its parts.
    public init(records: [ActivityRecord] = [], timerEvents: [ActivityTimerEvent] = [], laps: [ActivitySummary] = [],
                sessions: [ActivitySummary] = [], heartbeatIntervals: [ActivityHeartbeatInterval] = [],
                creator: ActivityCreator = .openHealthKit) {
        self.records = records
        self.timerEvents = timerEvents
        self.laps = laps
        self.sessions = sessions
        self.heartbeatIntervals = heartbeatIntervals
        self.creator = creator
    }

    /// The sport of the first session, or of the whole activity.
    public var sport: ActivitySport { sessions.first?.sport ?? .generic }

    /// When the activity started: the first session's start, else the first record's time.
    public var startDate: Date? { sessions.first?.start ?? records.first?.date ?? timerEvents.first?.date }

    /// When the activity ended: the last session's end or the last record's
    /// time, whichever is later (a device may write a record after its
    /// session's elapsed time, as it stops).
    public var endDate: Date? {
        switch (sessions.last?.end, records.last?.date) {
        case let (session?, record?): max(session, record)
        case let (session, record): session ?? record
        }
    }

    /// The pauses: from each timer stop to the next start (or to the end).
    public var pauses: [DateInterval] {
        var pauses: [DateInterval] = []
        var stoppedAt: Date?
        for event in timerEvents {
            switch event.kind {
            case .stop:
                if stoppedAt == nil { stoppedAt = event.date }
            case .start:
                if let stop = stoppedAt, event.date > stop { pauses.append(DateInterval(start: stop, end: event.date)) }
                stoppedAt = nil
            }
        }
        if let stop = stoppedAt, let end = endDate, end > stop { pauses.append(DateInterval(start: stop, end: end)) }
        return pauses
    }
}

/// One sample of an activity: a time with whatever the sensors gave then.
public struct ActivityRecord: Sendable, Equatable {
    /// When the sample was taken.
    public var date: Date
    /// Latitude in degrees (WGS84), if there was a fix.
    public var latitude: Double?
    /// Longitude in degrees (WGS84), if there was a fix.
    public var longitude: Double?
    /// Altitude in metres above mean sea level.
    public var altitude: Double?
    /// Heart rate in beats per minute.
    public var heartRate: Double?
    /// Cadence in revolutions (cycling) or strides (running) per minute.
    public var cadence: Double?
    /// Power in watts.
    public var power: Double?
    /// Speed in metres per second.
    public var speed: Double?
    /// Distance covered since the start, in metres.
    public var distance: Double?

    /// A record at `date` with the given values.
    public init(date: Date, latitude: Double? = nil, longitude: Double? = nil, altitude: Double? = nil, heartRate: Double? = nil,
                cadence: Double? = nil, power: Double? = nil, speed: Double? = nil, distance: Double? = nil) {
        self.date = date
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.heartRate = heartRate
        self.cadence = cadence
        self.power = power
        self.speed = speed
        self.distance = distance
    }

    /// Whether the record has a position.
    public var hasPosition: Bool { latitude != nil && longitude != nil }
}

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

/// Where an activity's altitudes came from: a barometer is precise to a
/// metre or so, GPS altitude to tens of metres. Strava keeps a GPX file's
/// elevation only when its creator says "with barometer".
public enum ActivityElevationSource: String, Sendable, Equatable {
    /// A barometric altimeter.
    case barometer
    /// The GPS receiver's fixes.
    case gps
    /// Not known (most files do not say).
    case unknown
}

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

/// One beat-to-beat interval.
public struct ActivityHeartbeatInterval: Sendable, Equatable {
    /// When the interval ended (the later beat), as well as the file tells it.
    public var date: Date
    /// The interval in seconds.
    public var seconds: Double

    /// An interval of `seconds` ending at `date`.
    public init(date: Date, seconds: Double) {
        self.date = date
        self.seconds = seconds
    }
}

/// What caused a lap to end.
public enum ActivityLapTrigger: Sendable, Equatable {
    /// The person pressed the lap button.
    case manual
    /// A time interval elapsed.
    case time
    /// A distance was covered.
    case distance
    /// A position was reached.
    case position
    /// The session ended.
    case sessionEnd
}

/// The totals of a lap or a session.
public struct ActivitySummary: Sendable, Equatable {
    /// The sport.
    public var sport: ActivitySport
    /// When it started.
    public var start: Date
    /// Seconds from start to end, pauses included.
    public var elapsedTime: TimeInterval
    /// Seconds the timer ran (pauses excluded).
    public var timerTime: TimeInterval
    /// Metres covered.
    public var distance: Double?
    /// Active energy in kilocalories.
    public var calories: Double?
    /// Average heart rate in beats per minute.
    public var averageHeartRate: Double?
    /// Highest heart rate in beats per minute.
    public var maximumHeartRate: Double?
    /// Average speed while moving, in metres per second.
    public var averageSpeed: Double?
    /// Highest speed in metres per second.
    public var maximumSpeed: Double?
    /// Average cadence per minute.
    public var averageCadence: Double?
    /// Average power in watts.
    public var averagePower: Double?
    /// Highest power in watts.
    public var maximumPower: Double?
    /// Metres climbed.
    public var ascent: Double?
    /// Metres descended.
    public var descent: Double?
    /// What ended a lap.
    public var trigger: ActivityLapTrigger

    /// A summary starting at `start` and lasting `elapsedTime` seconds.
    public init(sport: ActivitySport, start: Date, elapsedTime: TimeInterval, timerTime: TimeInterval? = nil,
                distance: Double? = nil, calories: Double? = nil, averageHeartRate: Double? = nil, maximumHeartRate: Double? = nil,
                averageSpeed: Double? = nil, maximumSpeed: Double? = nil, averageCadence: Double? = nil,
                averagePower: Double? = nil, maximumPower: Double? = nil, ascent: Double? = nil, descent: Double? = nil,
                trigger: ActivityLapTrigger = .manual) {
        self.sport = sport
        self.start = start
        self.elapsedTime = elapsedTime
        self.timerTime = timerTime ?? elapsedTime
        self.distance = distance
        self.calories = calories
        self.averageHeartRate = averageHeartRate
        self.maximumHeartRate = maximumHeartRate
        self.averageSpeed = averageSpeed
        self.maximumSpeed = maximumSpeed
        self.averageCadence = averageCadence
        self.averagePower = averagePower
        self.maximumPower = maximumPower
        self.ascent = ascent
        self.descent = descent
        self.trigger = trigger
    }

    /// When it ended: the start plus the elapsed time (never a summary's own timestamp).
    public var end: Date { start.addingTimeInterval(elapsedTime) }

    /// The interval from start to end.
    public var interval: DateInterval { DateInterval(start: start, duration: max(0, elapsedTime)) }
}

/// The device or program that recorded an activity.
public struct ActivityCreator: Sendable, Equatable {
    /// A name people recognise, such as "Edge 500" or "OpenHealthKit".
    public var name: String
    /// The FIT manufacturer number (255 is "development").
    public var manufacturer: UInt16
    /// The FIT product number.
    public var product: UInt16
    /// The serial number, if known.
    public var serialNumber: UInt32?
    /// The software version, such as 1.0.
    public var softwareVersion: Double?

    /// A creator.
    public init(name: String, manufacturer: UInt16 = 255, product: UInt16 = 0, serialNumber: UInt32? = nil, softwareVersion: Double? = nil) {
        self.name = name
        self.manufacturer = manufacturer
        self.product = product
        self.serialNumber = serialNumber
        self.softwareVersion = softwareVersion
    }

    /// This project, as the creator of the files it writes.
    public static let openHealthKit = ActivityCreator(name: "OpenHealthKit", manufacturer: 255, product: 1, serialNumber: 1, softwareVersion: 1.0)
}
