public import Foundation

extension WorkoutPlan {
    /// FIT's message numbers for workouts.
    enum FITWorkout {
        static let workout: UInt16 = 26
        static let workoutStep: UInt16 = 27
        /// `file_id.type` of a workout file.
        static let fileType: Double = 5
        /// `duration_type` values.
        static let time = 0.0, distance = 1.0, open = 5.0, repeatUntilStepsComplete = 6.0, repetitionTime = 28.0, timeOnly = 31.0
        /// `target_type` values.
        static let speed = 0.0, heartRate = 1.0, noTarget = 2.0, cadence = 3.0, power = 4.0
        /// `target_type` values of power over a window (3 s, 10 s, 30 s, the lap), read as power.
        static let powerKinds: Set<Double> = [4, 7, 8, 9, 10]
    }

    /// The plan a FIT workout file holds (`file_id.type` 5: `workout` and its `workout_step`s), repeat steps
    /// turned into repeated blocks.
    ///
    /// Durations FIT gives as conditions (until the heart rate falls below, until so many calories) are read as
    /// open steps with the condition in their notes; the rider ends them with the lap button.
    ///
    /// - Throws: ``FITDecodingError`` for damaged bytes, or ``WorkoutPlanError`` for a FIT file that is not a
    ///   workout or whose steps do not make one.
    public static func readFIT(_ data: Data) throws -> WorkoutPlan {
        var fileType: Double?
        var name: String?
        var sport = ActivitySport.cycling
        var steps: [(index: Int, message: FITMessage)] = []
        try FITDecoder().decode(data) { message in
            switch message.globalNumber {
            case FITMessageNumber.fileID where fileType == nil: fileType = message.number(0)
            case FITWorkout.workout:
                name = message.string(8)
                if let value = message.integer(4) { sport = ActivitySport(fitValue: UInt8(clamping: value)) }
            case FITWorkout.workoutStep:
                guard steps.count < 10_000 else {
                    throw WorkoutPlanError(message: "the workout holds more than 10,000 steps", offset: message.offset)
                }
                steps.append((message.integer(254) ?? steps.count, message))
            default: break
            }
        }
        guard fileType == FITWorkout.fileType else {
            throw WorkoutPlanError(message: "this FIT file is not a workout: its file_id.type is \(fileType.map(whole) ?? "missing"), a workout's is 5",
                                   hint: "Give a workout file, as Garmin Connect's \"Send to device\" or `workout plan export` writes.")
        }
        guard !steps.isEmpty else { throw WorkoutPlanError(message: "the workout holds no workout_step messages") }
        // Blocks as read, each with the message index its first step had, so a repeat step gathers those from its
        // `duration_step` on, repeats within repeats included.
        var blocks: [(start: Int, block: Block)] = []
        for (index, message) in steps {
            let durationType = message.number(1) ?? FITWorkout.open
            if durationType >= 6 && durationType <= 13 {
                let from = message.integer(2) ?? 0
                guard from <= index, let first = blocks.firstIndex(where: { $0.start >= from }) else {
                    throw WorkoutPlanError(message: "step \(index) repeats from step \(from), which is not before it", offset: message.offset)
                }
                // `repeat_steps`: how many times in all; other repeat conditions (until a time, a heart rate) are done once.
                let times = durationType == FITWorkout.repeatUntilStepsComplete ? max(1, min(message.integer(4) ?? 1, 1_000)) : 1
                let inner = blocks[first...].map(\.block)
                blocks.removeSubrange(first...)
                blocks.append((from, .repeated(times: times, inner)))
                continue
            }
            blocks.append((index, .step(step(of: message, durationType: durationType))))
        }
        return WorkoutPlan(name: name ?? "Workout", sport: sport, blocks: blocks.map(\.block))
    }

    private static func step(of message: FITMessage, durationType: Double) -> Step {
        var notes = message.string(8)
        let extent: Extent
        switch durationType {
        case FITWorkout.time, FITWorkout.repetitionTime, FITWorkout.timeOnly:
            extent = message.number(2).map { .time($0 / 1_000) } ?? .open
        case FITWorkout.distance:
            extent = message.number(2).map { .distance($0 / 100) } ?? .open
        default:
            extent = .open
            let condition: String? = switch durationType {
            case 2: message.number(2).map { "until heart rate is below \(heartRateText($0))" }
            case 3: message.number(2).map { "until heart rate is above \(heartRateText($0))" }
            case 4: message.number(2).map { "until \(whole($0)) kcal" }
            case 14: message.number(2).map { "until power is below \(powerText($0))" }
            case 15: message.number(2).map { "until power is above \(powerText($0))" }
            default: nil
            }
            if let condition { notes = [notes, condition].compactMap { $0 }.joined(separator: "; ") }
        }
        let zone = message.integer(4) ?? 0
        let low = message.number(5), high = message.number(6)
        let target: Target
        switch message.number(3) ?? FITWorkout.noTarget {
        case FITWorkout.heartRate:
            if zone > 0 { target = .heartRateZone(zone) }
            else if let low, let high { target = .heartRate(low: heartRate(low), high: heartRate(high)) }
            else { target = .none }
        case let kind where FITWorkout.powerKinds.contains(kind):
            if zone > 0 { target = .powerZone(zone) }
            else if let low, let high { target = .power(low: power(low), high: power(high)) }
            else { target = .none }
        case FITWorkout.cadence:
            target = low.flatMap { low in high.map { .cadence(low: low, high: $0) } } ?? .none
        case FITWorkout.speed:
            target = low.flatMap { low in high.map { .speed(low: low / 1_000, high: $0 / 1_000) } } ?? .none
        default:
            target = .none
        }
        // A secondary cadence target is a cadence to hold: its band's middle.
        var cadence: Double?
        if message.number(19) == FITWorkout.cadence, let low = message.number(21), let high = message.number(22) { cadence = (low + high) / 2 }
        return Step(name: message.string(0), intensity: Intensity(fitValue: message.number(7) ?? 0), extent: extent, target: target, cadence: cadence, notes: notes)
    }

    /// FIT's `workout_hr`: 0–100 is a percentage of the maximum, above 100 is beats per minute + 100.
    private static func heartRate(_ value: Double) -> HeartRate { value <= 100 ? .maximum(value / 100) : .bpm(value - 100) }
    /// FIT's `workout_power`: 0–1,000 is a percentage of FTP, above 1,000 is watts + 1,000.
    private static func power(_ value: Double) -> Power { value <= 1_000 ? .ftp(value / 100) : .watts(value - 1_000) }
    private static func heartRateText(_ value: Double) -> String { value <= 100 ? "\(whole(value)) % of maximum" : "\(whole(value - 100)) bpm" }
    private static func powerText(_ value: Double) -> String { value <= 1_000 ? "\(whole(value)) % FTP" : "\(whole(value - 1_000)) W" }
    /// A value read from a file, in whole units where it has them; as it is where it is beyond `Int` (a hostile file's).
    private static func whole(_ value: Double) -> String { Int(exactly: value.rounded(.towardZero)).map(String.init) ?? "\(value)" }

    /// The plan as a FIT workout file (`file_id`, `workout`, its `workout_step`s, repeat steps for repeated blocks)
    /// that Garmin's SDK and devices read. A ramp, which FIT cannot say, is written as one step a minute, each
    /// aiming at its minute of the ramp ± 3 % FTP (± 5 W); a step's cadence to hold is its secondary target, ± 5 rpm.
    ///
    /// - Parameter createdAt: `file_id.time_created`.
    public func fitData(createdAt: Date) -> Data {
        var encoder = FITEncoder()
        let created = FITActivityWriter.fitTime(createdAt)
        var messages: [[FITValue]] = []
        func emit(_ blocks: [Block]) {
            for block in blocks {
                switch block {
                case .step(let step):
                    for piece in Self.fitPieces(of: step) { messages.append(Self.fitValues(of: piece, index: messages.count)) }
                case .repeated(let times, let inner):
                    let from = messages.count
                    emit(inner)
                    messages.append([.number(Double(messages.count)), .text(nil), .number(FITWorkout.repeatUntilStepsComplete), .number(Double(from)),
                                     .number(FITWorkout.noTarget), .number(Double(times)), .number(nil), .number(nil), .number(nil), .text(nil),
                                     .number(nil), .number(nil), .number(nil), .number(nil)])
                }
            }
        }
        emit(blocks)
        encoder.write(local: 0, global: FITMessageNumber.fileID, layout: [.init(0, .enumeration), .init(1, .uint16), .init(2, .uint16), .init(4, .uint32)],
                      values: [.number(FITWorkout.fileType), .number(255), .number(0), .number(created)])
        encoder.write(local: 1, global: FITWorkout.workout, layout: [.init(4, .enumeration), .init(6, .uint16), .init(8, .string, size: 48)],
                      values: [.number(Double(sport.fitValue)), .number(Double(messages.count)), .text(name)])
        let layout: [FITFieldLayout] = [.init(254, .uint16), .init(0, .string, size: 48), .init(1, .enumeration), .init(2, .uint32), .init(3, .enumeration),
                                        .init(4, .uint32), .init(5, .uint32), .init(6, .uint32), .init(7, .enumeration), .init(8, .string, size: 96),
                                        .init(19, .enumeration), .init(20, .uint32), .init(21, .uint32), .init(22, .uint32)]
        for values in messages { encoder.write(local: 2, global: FITWorkout.workoutStep, layout: layout, values: values) }
        return Data(FITActivityWriter.file(messages: encoder.take()))
    }

    /// A step as FIT can say it: itself, or a ramp's minutes.
    private static func fitPieces(of step: Step) -> [Step] {
        guard case .powerRamp(let from, let to) = step.target, case .time(let seconds) = step.extent, seconds > 0 else { return [step] }
        let count = max(1, Int((seconds / 60).rounded(.up)))
        return (0..<count).map { minute in
            let start = Double(minute) / Double(count), end = Double(minute + 1) / Double(count)
            var piece = step
            piece.extent = .time(seconds / Double(count))
            switch (from, to) {
            case (.ftp(let a), .ftp(let b)):
                let x = a + (b - a) * start, y = a + (b - a) * end
                piece.target = .power(low: .ftp(min(x, y) - 0.03), high: .ftp(max(x, y) + 0.03))
            case (.watts(let a), .watts(let b)):
                let x = a + (b - a) * start, y = a + (b - a) * end
                piece.target = .power(low: .watts(min(x, y) - 5), high: .watts(max(x, y) + 5))
            default:
                piece.target = .power(low: from, high: to)
            }
            return piece
        }
    }

    private static func fitValues(of step: Step, index: Int) -> [FITValue] {
        let durationType: Double, durationValue: Double?
        switch step.extent {
        case .time(let seconds): (durationType, durationValue) = (FITWorkout.time, (seconds * 1_000).rounded())
        case .distance(let meters): (durationType, durationValue) = (FITWorkout.distance, (meters * 100).rounded())
        case .open: (durationType, durationValue) = (FITWorkout.open, nil)
        }
        func power(_ level: Power) -> Double {
            switch level {
            case .ftp(let fraction): (fraction * 100).rounded()
            case .watts(let watts): watts.rounded() + 1_000
            }
        }
        func heartRate(_ level: HeartRate) -> Double {
            switch level {
            case .maximum(let fraction): (fraction * 100).rounded()
            case .bpm(let bpm): bpm.rounded() + 100
            }
        }
        let targetType: Double, zone: Double?, low: Double?, high: Double?
        switch step.target {
        case .none: (targetType, zone, low, high) = (FITWorkout.noTarget, nil, nil, nil)
        case .power(let a, let b), .powerRamp(let a, let b):
            let (x, y) = (power(a), power(b))
            (targetType, zone, low, high) = (FITWorkout.power, 0, min(x, y), max(x, y))
        case .powerZone(let n): (targetType, zone, low, high) = (FITWorkout.power, Double(n), nil, nil)
        case .heartRate(let a, let b): (targetType, zone, low, high) = (FITWorkout.heartRate, 0, heartRate(a), heartRate(b))
        case .heartRateZone(let n): (targetType, zone, low, high) = (FITWorkout.heartRate, Double(n), nil, nil)
        case .cadence(let a, let b): (targetType, zone, low, high) = (FITWorkout.cadence, 0, a.rounded(), b.rounded())
        case .speed(let a, let b): (targetType, zone, low, high) = (FITWorkout.speed, 0, (a * 1_000).rounded(), (b * 1_000).rounded())
        }
        // A cadence to hold beside another target: FIT's secondary target, ± 5 rpm.
        let cadence = targetType == FITWorkout.cadence ? nil : step.cadence
        return [.number(Double(index)), .text(step.name), .number(durationType), .number(durationValue), .number(targetType), .number(zone),
                .number(low), .number(high), .number(step.intensity.fitValue), .text(step.notes),
                .number(cadence.map { _ in FITWorkout.cadence }), .number(cadence.map { _ in 0 }), .number(cadence.map { ($0 - 5).rounded() }),
                .number(cadence.map { ($0 + 5).rounded() })]
    }
}
