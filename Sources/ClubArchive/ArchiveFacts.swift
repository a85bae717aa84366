import Foundation
import HealthKitModel
package import WorkoutFormats

/// An activity's parts other than its readings (laps, sessions, timer events,
/// markers, the device) and the athlete's zones' figures, as the archive keeps them in JSON.
package struct ArchiveFacts: Codable, Equatable {
    struct Summary: Codable, Equatable {
        var sport: String
        var start: Date
        var elapsed: Double
        var timer: Double
        var distance, calories, averageHeartRate, maximumHeartRate, averageSpeed, maximumSpeed: Double?
        var averageCadence, averagePower, maximumPower, ascent, descent: Double?
        var trigger: String
    }

    struct TimerEvent: Codable, Equatable {
        var stop: Bool
        var date: Date
        var automatic: Bool
    }

    struct Marker: Codable, Equatable {
        var date: Date
        var name: String?
    }

    struct Creator: Codable, Equatable {
        var name: String
        var manufacturer: UInt16
        var product: UInt16
        var serialNumber: UInt32?
        var softwareVersion: Double?
    }

    var laps: [Summary]
    var sessions: [Summary]
    var timerEvents: [TimerEvent]
    var markers: [Marker]
    var creator: Creator
    var elevationSource: String
    var discardedRecords: Int
    /// The athlete's zones' figures; absent in archives written before it was kept (JSON ignores the key either way).
    var athlete: AthleteFigures?
    /// The zone the workout was done in (an identifier such as `GMT+0200`), and its average air temperature
    /// in °C; absent in archives written before they were kept, and for workouts that do not know them.
    var timeZone: String?
    var averageTemperature: Double?

    init(_ activity: Activity, athlete: AthleteFigures?) {
        self.athlete = athlete
        timeZone = activity.timeZone?.identifier
        averageTemperature = activity.averageTemperature
        laps = activity.laps.map(Summary.init)
        sessions = activity.sessions.map(Summary.init)
        timerEvents = activity.timerEvents.map { TimerEvent(stop: $0.kind == .stop, date: $0.date, automatic: $0.isAutomatic) }
        markers = activity.markers.map { Marker(date: $0.date, name: $0.name) }
        let c = activity.creator
        creator = Creator(name: c.name, manufacturer: c.manufacturer, product: c.product, serialNumber: c.serialNumber, softwareVersion: c.softwareVersion)
        elevationSource = activity.elevationSource.rawValue
        discardedRecords = activity.discardedRecords
    }

    /// Sets these parts on `activity`.
    func apply(to activity: inout Activity) {
        activity.laps = laps.map(\.activitySummary)
        activity.sessions = sessions.map(\.activitySummary)
        activity.timerEvents = timerEvents.map { ActivityTimerEvent($0.stop ? .stop : .start, at: $0.date, isAutomatic: $0.automatic) }
        activity.markers = markers.map { ActivityMarker(date: $0.date, name: $0.name) }
        activity.creator = ActivityCreator(name: creator.name, manufacturer: creator.manufacturer, product: creator.product,
                                           serialNumber: creator.serialNumber, softwareVersion: creator.softwareVersion)
        activity.elevationSource = ActivityElevationSource(rawValue: elevationSource) ?? .unknown
        activity.discardedRecords = discardedRecords
        activity.timeZone = timeZone.flatMap(TimeZone.init(identifier:))
        activity.averageTemperature = averageTemperature
    }
}

extension ArchiveFacts {
    /// How a lap ended, as the archive and the club's laps table write it (`manual`, `time`, `distance`, `position`, `sessionEnd`).
    package static func triggerName(of lap: ActivitySummary) -> String { Summary(lap).trigger }
}

extension ArchiveFacts.Summary {
    init(_ summary: ActivitySummary) {
        sport = summary.sport.name
        start = summary.start
        elapsed = summary.elapsedTime
        timer = summary.timerTime
        distance = summary.distance
        calories = summary.calories
        averageHeartRate = summary.averageHeartRate
        maximumHeartRate = summary.maximumHeartRate
        averageSpeed = summary.averageSpeed
        maximumSpeed = summary.maximumSpeed
        averageCadence = summary.averageCadence
        averagePower = summary.averagePower
        maximumPower = summary.maximumPower
        ascent = summary.ascent
        descent = summary.descent
        trigger = switch summary.trigger {
        case .manual: "manual"
        case .time: "time"
        case .distance: "distance"
        case .position: "position"
        case .sessionEnd: "sessionEnd"
        }
    }

    var activitySummary: ActivitySummary {
        let lapTrigger: ActivityLapTrigger = switch trigger {
        case "time": .time
        case "distance": .distance
        case "position": .position
        case "sessionEnd": .sessionEnd
        default: .manual
        }
        return ActivitySummary(sport: ActivitySport(name: sport) ?? .generic, start: start, elapsedTime: elapsed, timerTime: timer, distance: distance,
                               calories: calories, averageHeartRate: averageHeartRate, maximumHeartRate: maximumHeartRate, averageSpeed: averageSpeed,
                               maximumSpeed: maximumSpeed, averageCadence: averageCadence, averagePower: averagePower, maximumPower: maximumPower,
                               ascent: ascent, descent: descent, trigger: lapTrigger)
    }
}
