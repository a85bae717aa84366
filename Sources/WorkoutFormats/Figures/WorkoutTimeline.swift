public import Foundation
import HealthKitModel
public import TrainingMetrics


/// An activity's records as columns against time, the basis of every figure and
/// drawing in a report.
///
/// Times are seconds since the activity's start. `moving` leaves out the pauses
/// (the timer's stops), as a bike computer's timer does. Distance is the
/// device's where its records carry one, else measured along the track on the
/// WGS 84 ellipsoid; speed is the device's, else derived from distance over
/// neighbouring records.
public struct WorkoutTimeline: Sendable {
    /// When the activity started.
    public let start: Date
    /// Seconds from the start to the end of the activity, pauses included.
    public let duration: Double
    /// Each record's time, in seconds since the start; increasing.
    public private(set) var elapsed: [Double] = []
    /// Each record's time without the pauses before it, in seconds.
    public private(set) var moving: [Double] = []
    /// Distance covered at each record, in metres; never decreasing.
    public private(set) var distance: [Double] = []
    /// Heart rate at each record, in beats per minute.
    public private(set) var heartRate: [Double?] = []
    /// Speed at each record, in metres per second.
    public private(set) var speed: [Double?] = []
    /// Altitude at each record, in metres; nil where ``AltitudeSpikeFilter`` refuses it.
    public private(set) var altitude: [Double?] = []
    /// Power at each record, in watts.
    public private(set) var power: [Double?] = []
    /// Cadence at each record, in revolutions (or strides) per minute.
    public private(set) var cadence: [Double?] = []
    /// Latitude at each record, in degrees.
    public private(set) var latitude: [Double?] = []
    /// Longitude at each record, in degrees.
    public private(set) var longitude: [Double?] = []
    /// The pauses, in seconds since the start.
    public let pauses: [ClosedRange<Double>]

    /// How many records the timeline holds.
    public var count: Int { elapsed.count }

    /// The columns of `activity`'s records, in time order.
    public init(activity: Activity) {
        let records = activity.records.sorted { $0.date < $1.date }
        let start = activity.startDate ?? records.first?.date ?? Date(timeIntervalSince1970: 0)
        self.start = start
        duration = max(0, (activity.endDate ?? start).timeIntervalSince(start))
        pauses = activity.pauses.map { $0.start.timeIntervalSince(start)...$0.end.timeIntervalSince(start) }
        let count = records.count
        for column in [\Self.elapsed, \.moving, \.distance] as [WritableKeyPath<Self, [Double]>] { self[keyPath: column].reserveCapacity(count) }
        let deviceDistance = records.contains { $0.distance != nil }
        let geodesic = Geodesic.wgs84
        var pauseIndex = 0, pausedBefore = 0.0
        var travelled = 0.0
        var lastPosition: (Double, Double)?
        var spikes = AltitudeSpikeFilter()
        for record in records {
            let time = record.date.timeIntervalSince(start)
            // Pauses wholly before this record count fully; the one it falls in, up to it.
            while pauseIndex < pauses.count, pauses[pauseIndex].upperBound <= time {
                pausedBefore += pauses[pauseIndex].upperBound - pauses[pauseIndex].lowerBound
                pauseIndex += 1
            }
            var paused = pausedBefore
            if pauseIndex < pauses.count, pauses[pauseIndex].lowerBound < time { paused += time - pauses[pauseIndex].lowerBound }
            elapsed.append(time)
            moving.append(max(0, time - paused))
            if deviceDistance {
                if let value = record.distance, value.isFinite { travelled = max(travelled, value) }
            } else if let latitude = record.latitude, let longitude = record.longitude {
                if let (lastLatitude, lastLongitude) = lastPosition {
                    let step = geodesic.distance(latitude1: lastLatitude, longitude1: lastLongitude, latitude2: latitude, longitude2: longitude)
                    if step.isFinite { travelled += step }
                }
                lastPosition = (latitude, longitude)
            }
            distance.append(travelled)
            heartRate.append(Self.finite(record.heartRate))
            speed.append(Self.finite(record.speed))
            altitude.append(Self.finite(record.altitude).flatMap { spikes.keeps(altitude: $0, at: time) ? $0 : nil })
            power.append(Self.finite(record.power))
            cadence.append(Self.finite(record.cadence))
            latitude.append(record.hasPosition ? record.latitude : nil)
            longitude.append(record.hasPosition ? record.longitude : nil)
        }
        if !speed.contains(where: { $0 != nil }), travelled > 0 { deriveSpeed() }
    }

    /// Moving time when the distance reached `meters`, interpolated between the record at `index` and
    /// the one before; the record's own when the distance did not grow between them.
    public func movingTime(atDistance meters: Double, near index: Int) -> Double {
        guard index > 0 else { return moving[index] }
        let before = distance[index - 1], after = distance[index]
        guard after > before, meters < after else { return moving[index] }
        let fraction = max(0, min(1, (meters - before) / (after - before)))
        return moving[index - 1] + fraction * (moving[index] - moving[index - 1])
    }

    /// Speed from distance over the records two either side (about five seconds at 1 Hz).
    private mutating func deriveSpeed() {
        for index in elapsed.indices {
            let before = max(0, index - 2), after = min(count - 1, index + 2)
            let time = moving[after] - moving[before]
            speed[index] = time > 0 ? (distance[after] - distance[before]) / time : nil
        }
    }

    /// A column as one value a second of moving time, the form training metrics are computed on
    /// (``SecondSeries`` states the rule for gaps).
    public func seconds(of column: KeyPath<Self, [Double?]>) -> SecondSeries {
        SecondSeries(times: moving, values: self[keyPath: column])
    }

    /// Whether `time` (seconds since the start) falls in a pause.
    public func isPaused(at time: Double) -> Bool {
        pauses.contains { $0.lowerBound < time && time < $0.upperBound }
    }

    /// Seconds of moving time from the start to the end of the activity.
    public var movingDuration: Double {
        duration - pauses.reduce(0) { $0 + min($1.upperBound, duration) - min($1.lowerBound, duration) }
    }

    private static func finite(_ value: Double?) -> Double? {
        guard let value, value.isFinite else { return nil }
        return value
    }
}
