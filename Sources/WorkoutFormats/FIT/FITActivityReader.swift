public import Foundation

/// Reads a FIT activity file into an ``Activity``.
///
/// Records, timer events, laps, sessions, beat-to-beat intervals and the
/// creating device are read; other messages are skipped. A file that breaks
/// off still gives everything before the break, with the problem beside it.
///
/// ```swift
/// let (activity, problem) = FITActivityReader.read(try Data(contentsOf: url))
/// if let problem { print("read up to \(problem)") }
/// ```
public enum FITActivityReader {
    /// What was read within `limits`, and the problem that stopped reading, if any.
    public static func read(_ data: Data, limits: ActivityFileLimits = .standard) -> (activity: Activity, problem: FITDecodingError?) {
        var state = State()
        var messages = 0
        var problem: FITDecodingError?
        do {
            try FITDecoder().decode(data) { message in
                messages += 1
                if message.globalNumber == FITMessageNumber.record, state.records.count >= limits.maximumRecords {
                    throw FITDecodingError(.limitReached, at: message.offset, limits.tooManyRecords, messagesRead: messages - 1)
                }
                state.take(message)
            }
        } catch let error as FITDecodingError {
            problem = error
        } catch {
            preconditionFailure("the reader's closure does not throw")
        }
        return (state.activity(), problem)
    }

    private struct State {
        var records: [ActivityRecord] = []
        var timers: [ActivityTimerEvent] = []
        var markers: [ActivityMarker] = []
        var laps: [ActivitySummary] = []
        var sessions: [ActivitySummary] = []
        var beats: [ActivityHeartbeatInterval] = []
        var creator = ActivityCreator(name: "unknown device", manufacturer: 0)
        var creatorNamed = false
        var lastDate: Date?
        var discarded = 0
        var timeZone: TimeZone?
        var sensors: [ActivitySensor] = []
        var sensorsByIndex: [Int: Int] = [:]

        static func date(_ fitSeconds: Double) -> Date { Date(timeIntervalSince1970: fitSeconds + fitEpochOffset) }

        /// A field's value as an integer of type `T`, or `nil` when it is not
        /// one (a damaged or hostile file can declare any field a float, NaN, or out of range).
        static func integer<T: FixedWidthInteger>(_: T.Type) -> (Double) -> T? {
            { value in value.isFinite ? T(exactly: value.rounded(.towardZero)) : nil }
        }

        mutating func take(_ message: FITMessage) {
            if let time = message.timestamp, message.globalNumber != FITMessageNumber.lap, message.globalNumber != FITMessageNumber.session {
                lastDate = Self.date(Double(time))
            }
            switch message.globalNumber {
            case FITMessageNumber.record: record(message)
            case FITMessageNumber.event: event(message)
            case FITMessageNumber.lap, FITMessageNumber.session: summary(message)
            case FITMessageNumber.hrv:
                guard let date = lastDate else { return }
                for seconds in message.numbers(0) { beats.append(ActivityHeartbeatInterval(date: date, seconds: seconds / 1000)) }
            case FITMessageNumber.fileID:
                if let manufacturer = message.number(1).flatMap(Self.integer(UInt16.self)) { creator.manufacturer = manufacturer }
                if let product = message.number(2).flatMap(Self.integer(UInt16.self)) { creator.product = product }
                if let serial = message.number(3).flatMap(Self.integer(UInt32.self)) { creator.serialNumber = serial }
                if let name = message.string(8) {
                    creator.name = name
                    creatorNamed = true
                }
            case FITMessageNumber.activity:
                // local_timestamp − timestamp is the device's offset from UTC, to the quarter hour; beyond ±14 h it is no zone.
                if let local = message.number(5), let time = message.timestamp {
                    let offset = ((local - Double(time)) / 900).rounded() * 900
                    if abs(offset) <= 14 * 3600, let zone = TimeZone(secondsFromGMT: Int(offset)) { timeZone = zone }
                }
            case FITMessageNumber.deviceInfo where message.number(0) == 0:
                if let version = message.number(5) { creator.softwareVersion = version / 100 }
                if let name = message.string(27) {
                    creator.name = name
                    creatorNamed = true
                }
            case FITMessageNumber.deviceInfo:
                sensor(message)
            default: break
            }
        }

        /// A `device_info` for another device than the creator: a sensor, one per device index (or per device type
        /// without one), its later messages adding what the earlier did not say and updating the battery.
        mutating func sensor(_ message: FITMessage) {
            // A device's own parts (barometer, GPS chip) are `local` devices, typed by another list: not sensors.
            guard let type = message.number(1).flatMap(Self.integer(UInt8.self)), message.number(25) != 5 else { return }
            let index = message.number(0).flatMap(Self.integer(UInt8.self)).map(Int.init) ?? 1_000 + Int(type)
            // The device type's list follows the source: Bluetooth LE (3) has its own.
            let kind = message.number(25) == 3 ? ActivitySensor.Kind(fitBLEDeviceType: type) : ActivitySensor.Kind(fitDeviceType: type)
            var sensor = sensorsByIndex[index].map { sensors[$0] } ?? ActivitySensor(kind: kind)
            sensor.kind = kind
            if let name = message.string(27), !name.isEmpty { sensor.name = name }
            if let manufacturer = message.number(2).flatMap(Self.integer(UInt16.self)) { sensor.manufacturer = manufacturer }
            if let product = message.number(4).flatMap(Self.integer(UInt16.self)) { sensor.product = product }
            if let serial = message.number(3).flatMap(Self.integer(UInt32.self)) { sensor.serialNumber = serial }
            if let level = message.number(32).flatMap(Self.integer(UInt8.self)), level <= 100 { sensor.battery = Int(level) }
            if let position = sensorsByIndex[index] {
                sensors[position] = sensor
            } else if sensor.kind == .other, sensor.name == nil {
                // A device of a kind no workout figure comes from (a legacy temperature sensor, a light), unnamed: nothing to keep.
                return
            } else if sensors.count < 64 {
                sensorsByIndex[index] = sensors.count
                sensors.append(sensor)
            }
        }

        mutating func record(_ message: FITMessage) {
            guard let time = message.timestamp else { return }
            let date = Self.date(Double(time))
            if let previous = records.last?.date, abs(date.timeIntervalSince(previous)) > 86_400 {
                discarded += 1
                return
            }
            lastDate = date
            var record = ActivityRecord(date: date)
            if let lat = message.number(0), let lon = message.number(1) {
                let latitude = lat * 180 / 2_147_483_648, longitude = lon * 180 / 2_147_483_648
                if abs(latitude) <= 90, abs(longitude) <= 180 {
                    record.latitude = latitude
                    record.longitude = longitude
                }
            }
            record.altitude = message.number(78, scale: 5, offset: 500) ?? message.number(2, scale: 5, offset: 500)
            record.heartRate = message.number(3)
            if let cadence = message.number(4) { record.cadence = cadence + (message.number(53).map { $0 / 128 } ?? 0) }
            record.distance = message.number(5, scale: 100)
            record.speed = message.number(73, scale: 1000) ?? message.number(6, scale: 1000)
            record.power = message.number(7)
            record.temperature = message.number(13)
            records.append(record)
        }

        mutating func event(_ message: FITMessage) {
            if message.number(0) == 32, message.number(1) == 3, let time = message.timestamp {
                markers.append(ActivityMarker(date: Self.date(Double(time))))
                return
            }
            guard message.number(0) == 0, let type = message.number(1), let time = message.timestamp else { return }
            let date = Self.date(Double(time))
            let automatic = message.number(3) == 1
            switch type {
            case 0: timers.append(ActivityTimerEvent(.start, at: date, isAutomatic: automatic))
            case 1, 4, 8, 9: timers.append(ActivityTimerEvent(.stop, at: date, isAutomatic: automatic))
            default: break
            }
        }

        mutating func summary(_ message: FITMessage) {
            let isLap = message.globalNumber == FITMessageNumber.lap
            let elapsed = message.number(7, scale: 1000)
            let start: Date
            if let startTime = message.number(2) {
                start = Self.date(startTime)
            } else if let end = message.timestamp, let elapsed {
                start = Self.date(Double(end)).addingTimeInterval(-elapsed)
            } else {
                return
            }
            let end = message.timestamp.map { Self.date(Double($0)) }
            let sportField: UInt8 = isLap ? 25 : 5
            var summary = ActivitySummary(sport: message.number(sportField).flatMap(Self.integer(UInt8.self)).map { ActivitySport(fitValue: $0) } ?? sessions.last?.sport ?? .generic,
                                          start: start, elapsedTime: elapsed ?? end.map { max(0, $0.timeIntervalSince(start)) } ?? 0,
                                          timerTime: message.number(8, scale: 1000))
            summary.distance = message.number(9, scale: 100)
            summary.calories = message.number(11)
            if isLap {
                summary.averageSpeed = message.number(110, scale: 1000) ?? message.number(13, scale: 1000)
                summary.maximumSpeed = message.number(111, scale: 1000) ?? message.number(14, scale: 1000)
                summary.averageHeartRate = message.number(15)
                summary.maximumHeartRate = message.number(16)
                summary.averageCadence = message.number(17)
                summary.averagePower = message.number(19)
                summary.maximumPower = message.number(20)
                summary.ascent = message.number(21)
                summary.descent = message.number(22)
                summary.trigger = switch message.number(24) {
                case 1: .time
                case 2: .distance
                case 3, 4, 5, 6: .position
                case 7: .sessionEnd
                default: .manual
                }
                laps.append(summary)
            } else {
                summary.averageSpeed = message.number(124, scale: 1000) ?? message.number(14, scale: 1000)
                summary.maximumSpeed = message.number(125, scale: 1000) ?? message.number(15, scale: 1000)
                summary.averageHeartRate = message.number(16)
                summary.maximumHeartRate = message.number(17)
                summary.averageCadence = message.number(18)
                summary.averagePower = message.number(20)
                summary.maximumPower = message.number(21)
                summary.ascent = message.number(22)
                summary.descent = message.number(23)
                let training = ActivityTrainingFigures(normalizedPower: message.number(34), trainingStressScore: message.number(35, scale: 10),
                                                       intensityFactor: message.number(36, scale: 1000), thresholdPower: message.number(45),
                                                       work: message.number(48))
                summary.training = training.isEmpty ? nil : training
                summary.trigger = .sessionEnd
                sessions.append(summary)
            }
        }

        func activity() -> Activity {
            var creator = creator
            if !creatorNamed { creator.name = creator.productName ?? "\(creator.manufacturerName) product \(creator.product)" }
            // Summaries may come first or last in a file; keep them in time order.
            var activity = Activity(records: records, timerEvents: timers, laps: laps.sorted { $0.start < $1.start },
                                    sessions: sessions.sorted { $0.start < $1.start }, heartbeatIntervals: beats, creator: creator)
            activity.discardedRecords = discarded
            activity.markers = markers
            activity.timeZone = timeZone
            activity.sensors = sensors
            return activity
        }
    }
}
