public import Foundation

extension CoursePlan {
    /// FIT's `course_point.type` names, by value (Garmin's profile): what a course point is.
    public static let fitCoursePointTypes: [UInt8: String] = [
        0: "generic", 1: "summit", 2: "valley", 3: "water", 4: "food", 5: "danger", 6: "left", 7: "right", 8: "straight", 9: "first_aid",
        10: "fourth_category", 11: "third_category", 12: "second_category", 13: "first_category", 14: "hors_category", 15: "sprint",
        16: "left_fork", 17: "right_fork", 18: "middle_fork", 19: "slight_left", 20: "sharp_left", 21: "slight_right", 22: "sharp_right",
        23: "u_turn", 24: "segment_start", 25: "segment_end", 27: "campsite", 28: "aid_station", 29: "rest_area", 30: "general_distance",
        31: "service", 32: "energy_gel", 33: "sports_drink", 34: "mile_marker", 35: "checkpoint", 36: "shelter", 37: "meeting_spot",
        38: "overlook", 39: "toilet", 40: "shower", 41: "gear", 42: "sharp_curve", 43: "steep_incline", 44: "tunnel", 45: "bridge",
        46: "obstacle", 47: "crossing", 48: "store", 49: "transition", 50: "navaid", 51: "transport", 52: "alert", 53: "info",
    ]

    /// The plan a FIT course file holds (`file_id.type` 6): its `record`s' positions and altitudes in order, its
    /// `course_point`s as places (their type in FIT's words: `left`, `summit`, `first_aid`), and the `course`'s name.
    ///
    /// - Returns: nil when the file is a FIT file of another kind (an activity, whose track ``Course`` reads).
    /// - Throws: ``FITDecodingError`` for damaged bytes; ``WorkoutPlanError`` for a course with fewer than two positions
    ///   or more than `maximumPoints`.
    public static func readFIT(_ data: Data, maximumPoints: Int = 2_000_000) throws -> CoursePlan? {
        var fileType: Double?
        var plan = CoursePlan()
        func degrees(_ semicircles: Double?) -> Double? {
            guard let semicircles else { return nil }
            let value = semicircles * 180 / 2_147_483_648
            return abs(value) <= 180 ? value : nil
        }
        try FITDecoder().decode(data) { message in
            switch message.globalNumber {
            case FITMessageNumber.fileID where fileType == nil:
                fileType = message.number(0)
            case FITMessageNumber.record:
                guard let latitude = degrees(message.number(0)), let longitude = degrees(message.number(1)), abs(latitude) <= 90 else { return }
                guard plan.points.count < maximumPoints else {
                    throw WorkoutPlanError(message: "the course holds more than \(maximumPoints) points", offset: message.offset)
                }
                plan.points.append((latitude, longitude, message.number(78, scale: 5, offset: 500) ?? message.number(2, scale: 5, offset: 500)))
            case 31:
                plan.name = plan.name ?? message.string(5).map { String($0.prefix(200)) }
            case 32:
                guard let latitude = degrees(message.number(2)), let longitude = degrees(message.number(3)), abs(latitude) <= 90 else { return }
                let type = message.number(5).flatMap(UInt8.init(exactly:)).flatMap { fitCoursePointTypes[$0] }
                plan.places.append(Place(latitude: latitude, longitude: longitude, name: message.string(6).map { String($0.prefix(200)) }, type: type))
            default:
                break
            }
        }
        guard fileType == 6 else { return nil }
        guard plan.points.count >= 2 else {
            throw WorkoutPlanError(message: "the course holds \(plan.points.count) positioned records; a course needs two or more")
        }
        return plan
    }

    /// A FIT course file (`file_id.type` 6) of `points` (with their distances along the course, in metres) and
    /// `cues` (FIT `course_point` type values, at their distances), as Garmin's course recipe has it: `file_id`,
    /// `course`, a `lap` over it all, a timer start, the records, the course points, a timer stop. Times are those of
    /// a ride at `speed` metres per second from `start`, as a device needs some.
    public static func fitCourseData(name: String, sport: ActivitySport = .cycling,
                                     points: [(latitude: Double, longitude: Double, altitude: Double?, distance: Double)],
                                     cues: [(latitude: Double, longitude: Double, distance: Double, type: UInt8, name: String?)],
                                     start: Date, speed: Double = 25 / 3.6) -> Data {
        var encoder = FITEncoder()
        let begin = FITActivityWriter.fitTime(start)
        func time(_ distance: Double) -> Double { begin + (distance / max(speed, 0.1)).rounded(.down) }
        func semicircles(_ degrees: Double) -> Double { (degrees * 2_147_483_648 / 180).rounded() }
        let length = points.last?.distance ?? 0
        encoder.write(local: 0, global: FITMessageNumber.fileID, layout: [.init(0, .enumeration), .init(1, .uint16), .init(2, .uint16), .init(4, .uint32)],
                      values: [.number(6), .number(255), .number(0), .number(begin)])
        encoder.write(local: 1, global: 31, layout: [.init(4, .enumeration), .init(5, .string, size: 48)], values: [.number(Double(sport.fitValue)), .text(name)])
        if let first = points.first, let last = points.last {
            encoder.write(local: 2, global: FITMessageNumber.lap, layout: [
                .init(253, .uint32), .init(2, .uint32), .init(3, .sint32), .init(4, .sint32), .init(5, .sint32), .init(6, .sint32),
                .init(7, .uint32), .init(8, .uint32), .init(9, .uint32),
            ], values: [.number(time(length)), .number(begin), .number(semicircles(first.latitude)), .number(semicircles(first.longitude)),
                        .number(semicircles(last.latitude)), .number(semicircles(last.longitude)), .number((time(length) - begin) * 1_000),
                        .number((time(length) - begin) * 1_000), .number((length * 100).rounded())])
        }
        let eventLayout: [FITFieldLayout] = [.init(253, .uint32), .init(0, .enumeration), .init(1, .enumeration), .init(4, .uint8)]
        encoder.write(local: 3, global: FITMessageNumber.event, layout: eventLayout, values: [.number(begin), .number(0), .number(0), .number(0)])
        let recordLayout: [FITFieldLayout] = [.init(253, .uint32), .init(0, .sint32), .init(1, .sint32), .init(2, .uint16), .init(5, .uint32)]
        for point in points {
            encoder.write(local: 4, global: FITMessageNumber.record, layout: recordLayout, values: [
                .number(time(point.distance)), .number(semicircles(point.latitude)), .number(semicircles(point.longitude)),
                .number(point.altitude.map { (($0 + 500) * 5).rounded() }), .number((point.distance * 100).rounded()),
            ])
        }
        let cueLayout: [FITFieldLayout] = [.init(254, .uint16), .init(1, .uint32), .init(2, .sint32), .init(3, .sint32), .init(4, .uint32),
                                           .init(5, .enumeration), .init(6, .string, size: 32)]
        for (index, cue) in cues.enumerated() {
            encoder.write(local: 5, global: 32, layout: cueLayout, values: [
                .number(Double(index)), .number(time(cue.distance)), .number(semicircles(cue.latitude)), .number(semicircles(cue.longitude)),
                .number((cue.distance * 100).rounded()), .number(Double(cue.type)), .text(cue.name),
            ])
        }
        encoder.write(local: 3, global: FITMessageNumber.event, layout: eventLayout, values: [.number(time(length)), .number(0), .number(9), .number(0)])
        return Data(FITActivityWriter.file(messages: encoder.take()))
    }
}
