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
    /// The sensors that took part besides it (a strap, a power meter, …): a FIT file's other `device_info`
    /// messages, or what a recording heard.
    public var sensors: [ActivitySensor] = []
    /// Records a reader left out as implausible (a time jumping more than a
    /// day from its neighbours, as a damaged file's last record may).
    public var discardedRecords = 0
    /// Whether the sessions are separate workouts rather than the legs of one: a TCX file holding a
    /// history of `<Activity>` elements (as Garmin Training Center exports one), where only a
    /// `<MultiSportSession>` makes one multisport workout. ``separated()`` splits them.
    public var sessionsAreSeparateWorkouts = false
    /// The time zone the activity was done in, when the file says (a FIT `activity` message's
    /// `local_timestamp`, as an offset from UTC); its local times are shown in it and exported with it.
    public var timeZone: TimeZone?
    /// The average air temperature, in degrees Celsius, when the records' own readings are not kept (a
    /// stored workout keeps only the average, as `HKMetadataKeyWeatherTemperature`).
    public var averageTemperature: Double?
    /// The activity's title, such as "Morning ride to the coast": a GPX track's `<name>`, or what
    /// the rider named it (`workout edit --name`).
    public var name: String?
    /// The rider's notes: a GPX track's `<desc>`, a TCX activity's `<Notes>`, or `workout edit --notes`.
    public var notes: String?
    /// Each session's notes, where a file gives them per session (a TCX history's activities), for ``separated()``.
    var sessionNotes: [String] = []

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

