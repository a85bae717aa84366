import Foundation
import TestSupport
import Testing
import WorkoutFormats

@Suite struct FITActivityWriterTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// A 2-minute ride: records each second with a 20 s pause, two laps, beat-to-beat intervals.
    static func sampleActivity(sessions sports: [ActivitySport] = [.cycling]) -> Activity {
        var activity = Activity()
        let legLength = 120.0
        var distance = 0.0
        for (leg, sport) in sports.enumerated() {
            let legStart = start.addingTimeInterval(Double(leg) * legLength)
            let pause = DateInterval(start: legStart.addingTimeInterval(50), end: legStart.addingTimeInterval(70))
            activity.timerEvents.append(ActivityTimerEvent(.start, at: legStart))
            activity.timerEvents.append(ActivityTimerEvent(.stop, at: pause.start, isAutomatic: true))
            activity.timerEvents.append(ActivityTimerEvent(.start, at: pause.end, isAutomatic: true))
            for second in 0..<Int(legLength) {
                let date = legStart.addingTimeInterval(Double(second))
                if date > pause.start && date < pause.end { continue }
                if date != pause.start && second > 0 { distance += 5 }
                activity.records.append(ActivityRecord(date: date, latitude: 48.1 + distance * 1e-5, longitude: 11.5, altitude: 520 + Double(second % 7),
                                                       heartRate: 120 + Double(second % 30), cadence: 85, power: 200 + Double(second % 3),
                                                       speed: 5, distance: distance))
                activity.heartbeatIntervals.append(ActivityHeartbeatInterval(date: date, seconds: second % 2 == 0 ? 1.001 : 0.999))
            }
            let legRecords = activity.records.filter { $0.date >= legStart && $0.date < legStart.addingTimeInterval(legLength) }
            let interval = DateInterval(start: legStart, duration: legLength - 1)
            let firstLap = DateInterval(start: legStart, duration: 40)
            let secondLap = DateInterval(start: firstLap.end, end: interval.end)
            activity.laps.append(ActivitySummary(computedFrom: legRecords, sport: sport, interval: firstLap, pauses: [pause]))
            activity.laps.append(ActivitySummary(computedFrom: legRecords, sport: sport, interval: secondLap, pauses: [pause], trigger: .sessionEnd))
            var session = ActivitySummary(computedFrom: legRecords, sport: sport, interval: interval, pauses: [pause], trigger: .sessionEnd)
            session.calories = 30
            activity.sessions.append(session)
        }
        return activity
    }

    /// Checks a FIT file with Garmin's SDK (integrity, then a fresh decoder's
    /// read without errors) and with fitdecode (CRC checks raising), and prints
    /// what they read as JSON.
    static let officialCheck = """
        import sys, json, fitdecode
        from garmin_fit_sdk import Decoder, Stream
        path = sys.argv[1]
        integrity = Decoder(Stream.from_file(path)).is_fit() and Decoder(Stream.from_file(path)).check_integrity()
        messages, errors = Decoder(Stream.from_file(path)).read()
        names = [frame.name for frame in fitdecode.FitReader(path, check_crc=fitdecode.CrcCheck.RAISE) if frame.frame_type == fitdecode.FIT_FRAME_DATA]
        session = messages["session_mesgs"][0]
        record = messages["record_mesgs"][0]
        print(json.dumps({
            "integrity": integrity, "errors": [str(e) for e in errors],
            "sdk": {k: len(v) for k, v in messages.items()},
            "fitdecode_records": names.count("record"), "fitdecode_first": names[0],
            "events": [[str(e["event"]), str(e["event_type"])] for e in messages.get("event_mesgs", [])],
            "sessions": [{"sport": s["sport"], "distance": s.get("total_distance"), "timer": s.get("total_timer_time"),
                          "elapsed": s.get("total_elapsed_time"), "calories": s.get("total_calories"),
                          "first_lap_index": s.get("first_lap_index"), "num_laps": s.get("num_laps")} for s in messages["session_mesgs"]],
            "record": {"lat": record.get("position_lat"), "hr": record.get("heart_rate"), "distance": record.get("distance"),
                       "speed": record.get("enhanced_speed"), "altitude": record.get("enhanced_altitude"), "power": record.get("power"),
                       "cadence": record.get("cadence")},
            "hrv": sum(len([t for t in m["time"] if t is not None]) if isinstance(m["time"], list) else 1 for m in messages.get("hrv_mesgs", [])),
            "activity": {"num_sessions": messages["activity_mesgs"][0].get("num_sessions"), "timer": messages["activity_mesgs"][0].get("total_timer_time")},
        }, default=str))
        """

    static let toolsPresent = ExternalTool.pythonHas("garmin_fit_sdk", "fitdecode")

    static func check(_ url: URL) throws -> [String: Any] {
        let output = try ExternalTool.python(officialCheck, [url.path])
        try #require(output.status == 0, "the official decoders failed: \(output.standardError)")
        return try #require(JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
    }

    static func temporaryFile(_ name: String) -> URL {
        Scratch.folder.appendingPathComponent("\(UUID().uuidString)-\(name)")
    }

    @Test(.enabled(if: toolsPresent, "garmin-fit-sdk or fitdecode is missing: run Scripts/setup"))
    func garminsSDKAndFitdecodeAcceptTheFileAndReadItsValues() throws {
        let activity = Self.sampleActivity()
        let url = Self.temporaryFile("ride.fit")
        defer { try? FileManager.default.removeItem(at: url) }
        let writer = try FITActivityWriter(url: url, start: Self.start, timeZone: TimeZone(secondsFromGMT: 3600)!)
        try writer.write(activity)
        let result = try Self.check(url)
        #expect(result["integrity"] as? Bool == true)
        #expect((result["errors"] as? [String])?.isEmpty == true)
        let sdk = try #require(result["sdk"] as? [String: Int])
        #expect(sdk["file_id_mesgs"] == 1 && sdk["device_info_mesgs"] == 1 && sdk["file_creator_mesgs"] == 1)
        #expect(sdk["record_mesgs"] == activity.records.count)
        #expect(sdk["lap_mesgs"] == 2 && sdk["session_mesgs"] == 1 && sdk["activity_mesgs"] == 1)
        #expect(result["fitdecode_first"] as? String == "file_id")
        #expect(result["fitdecode_records"] as? Int == activity.records.count)
        #expect(result["hrv"] as? Int == activity.heartbeatIntervals.count)
        let events = try #require(result["events"] as? [[String]])
        #expect(events == [["timer", "start"], ["timer", "stop_all"], ["timer", "start"]])
        let session = try #require((result["sessions"] as? [[String: Any]])?.first)
        #expect(session["sport"] as? String == "cycling")
        #expect(abs((session["distance"] as? Double ?? 0) - activity.sessions[0].distance!) < 0.01)
        #expect(abs((session["timer"] as? Double ?? 0) - 99) < 0.001)
        #expect(abs((session["elapsed"] as? Double ?? 0) - 119) < 0.001)
        #expect(session["calories"] as? Int == 30)
        #expect(session["first_lap_index"] as? Int == 0 && session["num_laps"] as? Int == 2)
        let record = try #require(result["record"] as? [String: Any])
        #expect(record["hr"] as? Int == 120)
        #expect(record["lat"] as? Int == Int((48.1 * 2_147_483_648 / 180).rounded()))
        #expect(abs((record["altitude"] as? Double ?? 0) - 520) < 0.2)
        #expect(abs((record["speed"] as? Double ?? 0) - 5) < 0.001)
        #expect(record["power"] as? Int == 200 && record["cadence"] as? Int == 85)
    }

    /// Each sensor is a `device_info` after the creator's, as Garmin's SDK reads it (index, ANT+ device type,
    /// Bluetooth LE as its source, name, battery level and status), and the reader takes them back.
    @Test(.enabled(if: toolsPresent, "garmin-fit-sdk or fitdecode is missing: run Scripts/setup"))
    func sensorsBecomeDeviceInfoMessagesAndComeBack() throws {
        var activity = Self.sampleActivity()
        activity.sensors = [ActivitySensor(kind: .heartRate, name: "HRM-Pro", identifier: "E8:11:00:00:00:0A", battery: 64),
                            ActivitySensor(kind: .bikePower, name: "Assioma DUO", identifier: "C4:7A:11:22:33:44", battery: 8),
                            ActivitySensor(kind: .bikeSpeedAndCadence)]
        let url = Self.temporaryFile("sensors.fit")
        defer { try? FileManager.default.removeItem(at: url) }
        try FITActivityWriter(url: url, start: Self.start).write(activity)
        let output = try ExternalTool.python("""
            import sys, json
            from garmin_fit_sdk import Decoder, Stream
            messages, errors = Decoder(Stream.from_file(sys.argv[1])).read()
            assert not errors, errors
            # device_type's meaning follows source_type: the SDK names it as ble_device_type or antplus_device_type.
            print(json.dumps([[d.get("device_index"), str(d.get("ble_device_type") or d.get("antplus_device_type") or d.get("device_type")), str(d.get("source_type")), d.get("product_name"),
                               d.get("battery_level"), str(d.get("battery_status"))] for d in messages["device_info_mesgs"]]))
            """, [url.path])
        try #require(output.status == 0, "\(output.standardError)")
        let rows = try #require(JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [[Any]])
        #expect(rows.count == 4, "\(output.standardOutput)")
        #expect(rows.dropFirst().map { "\($0[0])" } == ["1", "2", "3"])
        // Read over Bluetooth LE: FIT's BLE device types; with no source said, the ANT+ number (121, bike_speed_cadence).
        #expect(rows.dropFirst().map { $0[1] as? String } == ["heart_rate", "bike_power", "121"])
        #expect(rows[1][2] as? String == "bluetooth_low_energy" && rows[1][3] as? String == "HRM-Pro" && rows[1][4] as? Int == 64 && rows[1][5] as? String == "good")
        #expect(rows[2][4] as? Int == 8 && rows[2][5] as? String == "critical")
        let read = try ActivityFile.read(try Data(contentsOf: url), format: .fit, path: url.path)
        #expect(read.sensors.map(\.kind) == [.heartRate, .bikePower, .bikeSpeedAndCadence])
        #expect(read.sensors.map(\.name) == ["HRM-Pro", "Assioma DUO", nil])
        #expect(read.sensors.map(\.battery) == [64, 8, nil])
        #expect(ActivitySensor.sensors(metadataValue: ActivitySensor.metadataValue(activity.sensors)) == activity.sensors)
    }

    @Test(.enabled(if: toolsPresent, "garmin-fit-sdk or fitdecode is missing: run Scripts/setup"))
    func aMultisportActivityBecomesOneSessionPerSport() throws {
        let activity = Self.sampleActivity(sessions: [.swimming, .cycling, .running])
        let url = Self.temporaryFile("triathlon.fit")
        defer { try? FileManager.default.removeItem(at: url) }
        try FITActivityWriter.data(for: activity).write(to: url)
        let result = try Self.check(url)
        #expect(result["integrity"] as? Bool == true)
        let sessions = try #require(result["sessions"] as? [[String: Any]])
        #expect(sessions.map { $0["sport"] as? String } == ["swimming", "cycling", "running"])
        #expect(sessions.map { $0["first_lap_index"] as? Int } == [0, 2, 4])
        #expect((result["activity"] as? [String: Any])?["num_sessions"] as? Int == 3)
    }

    @Test func theFileAndTheInMemoryDataAreTheSameBytes() throws {
        let activity = Self.sampleActivity()
        let url = Self.temporaryFile("same.fit")
        defer { try? FileManager.default.removeItem(at: url) }
        let zone = TimeZone(secondsFromGMT: 0)!
        try FITActivityWriter(url: url, start: Self.start, timeZone: zone).write(activity)
        #expect(try Data(contentsOf: url) == FITActivityWriter.data(for: activity, timeZone: zone))
    }

    @Test func readingBackKeepsEveryValueToTheFormatsPrecision() throws {
        let activity = Self.sampleActivity(sessions: [.cycling, .running])
        let (read, problem) = FITActivityReader.read(FITActivityWriter.data(for: activity))
        #expect(problem == nil)
        #expect(read.records.count == activity.records.count)
        for (a, b) in zip(activity.records, read.records) {
            #expect(a.date == b.date)
            #expect(abs(a.latitude! - b.latitude!) < 1e-7 && abs(a.longitude! - b.longitude!) < 1e-7)
            #expect(abs(a.altitude! - b.altitude!) <= 0.1 && abs(a.distance! - b.distance!) <= 0.005 && abs(a.speed! - b.speed!) <= 0.0005)
            #expect(a.heartRate == b.heartRate && a.cadence == b.cadence && a.power == b.power)
        }
        #expect(read.timerEvents == activity.timerEvents)
        #expect(read.pauses == activity.pauses)
        #expect(read.sessions.map(\.sport) == [.cycling, .running])
        #expect(read.laps.count == 4)
        for (a, b) in zip(activity.sessions, read.sessions) {
            #expect(a.start == b.start && abs(a.elapsedTime - b.elapsedTime) < 0.001 && abs(a.timerTime - b.timerTime) < 0.001)
            #expect(abs(a.distance! - b.distance!) < 0.005 && a.calories == b.calories)
        }
        #expect(read.heartbeatIntervals.map(\.seconds) == activity.heartbeatIntervals.map { ($0.seconds * 1000).rounded() / 1000 })
        #expect(read.creator.name == "OpenHealthKit")
    }

    @Test func recordsWithoutAPositionOrHeartRateLeaveThoseFieldsOut() throws {
        var activity = Activity(sessions: [ActivitySummary(sport: .running, start: Self.start, elapsedTime: 2)])
        activity.records = [ActivityRecord(date: Self.start, heartRate: 90), ActivityRecord(date: Self.start.addingTimeInterval(1), latitude: 1, longitude: 2),
                            ActivityRecord(date: Self.start.addingTimeInterval(2), heartRate: 400)]
        let read = FITActivityReader.read(FITActivityWriter.data(for: activity)).activity
        #expect(read.records.map(\.hasPosition) == [false, true, false])
        // 400 bpm does not fit FIT's heart-rate byte: written as "no value", never clamped to a made-up 254.
        #expect(read.records.map(\.heartRate) == [90, nil, nil])
    }
}
