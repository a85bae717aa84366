public import Foundation

/// Writes a FIT activity file, message by message, as a recording goes.
///
/// The file follows Garmin's activity recipe: `file_id` first, `file_creator`,
/// `device_info`, a timer start, then records, beat-to-beat (`hrv`) messages
/// and timer stops and starts at every pause as they happen, a `lap` message as
/// each lap ends, a `session` per sport, and one `activity` message. The
/// header's size and CRC and the file's CRC-16 are written by ``finish()``.
///
/// Bytes reach the file as they are written (buffered up to 64 KB, or at each
/// ``flush()``), so a recording can append to its FIT file and a crash leaves
/// every record written up to the last flush.
///
/// ```swift
/// let writer = try FITActivityWriter(url: URL(fileURLWithPath: "ride.fit"), start: start)
/// writer.timer(.init(.start, at: start))
/// writer.append(ActivityRecord(date: start, latitude: 48.1, longitude: 11.5, heartRate: 120))
/// writer.lap(lapSummary)
/// writer.session(sessionSummary)
/// try writer.finish()
/// ```
///
/// To write a whole ``Activity`` at once, use ``data(for:timeZone:)`` or ``write(_:)``.
public final class FITActivityWriter {
    private enum Sink {
        case memory
        case file(FileHandle, URL)
    }

    private let sink: Sink
    private var encoder = FITEncoder()
    private var written: [UInt8] = []
    private var dataSize = 0
    private var lapCount = 0
    private var sessionCount = 0
    private var sessionLapStart = 0
    private var timerTotal: TimeInterval = 0
    private var lastDate: Date
    private var finished = false
    private let timeZone: TimeZone

    /// The FIT header: 14 bytes, protocol 2.0, profile 21.32; size and CRC patched at the end.
    private static let headerSize = 14

    /// A writer that creates (or replaces) the file at `url` and writes the
    /// file's opening messages, dated `start`.
    ///
    /// - Parameters:
    ///   - creator: the device named in `file_id` and `device_info`.
    ///   - timeZone: gives the activity's local time (`activity.local_timestamp`).
    public convenience init(url: URL, creator: ActivityCreator = .openHealthKit, start: Date, timeZone: TimeZone = .current) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
        }
        let handle = try FileHandle(forWritingTo: url)
        self.init(sink: .file(handle, url), creator: creator, start: start, timeZone: timeZone)
    }

    private init(sink: Sink, creator: ActivityCreator, start: Date, timeZone: TimeZone) {
        self.sink = sink
        self.lastDate = start
        self.timeZone = timeZone
        written = [UInt8](repeating: 0, count: Self.headerSize)
        let created = Self.fitTime(start)
        encoder.write(local: 5, global: FITMessageNumber.fileID, layout: [
            .init(0, .enumeration), .init(1, .uint16), .init(2, .uint16), .init(3, .uint32z), .init(4, .uint32), .init(8, .string, size: 20),
        ], values: [.number(4), .number(Double(creator.manufacturer)), .number(Double(creator.product)),
                    .number(creator.serialNumber.map(Double.init)), .number(created), .text(creator.name)])
        encoder.write(local: 8, global: FITMessageNumber.fileCreator, layout: [.init(0, .uint16)],
                      values: [.number(creator.softwareVersion.map { $0 * 100 })])
        encoder.write(local: 6, global: FITMessageNumber.deviceInfo, layout: [
            .init(253, .uint32), .init(0, .uint8), .init(2, .uint16), .init(4, .uint16), .init(3, .uint32z), .init(5, .uint16), .init(27, .string, size: 20),
        ], values: [.number(created), .number(0), .number(Double(creator.manufacturer)), .number(Double(creator.product)),
                    .number(creator.serialNumber.map(Double.init)), .number(creator.softwareVersion.map { $0 * 100 }), .text(creator.name)])
    }

    deinit {
        if case .file(let handle, _) = sink { try? handle.close() }
    }

    /// The whole of `activity` as a FIT file in memory.
    public static func data(for activity: Activity, timeZone: TimeZone = .current) -> Data {
        let writer = FITActivityWriter(sink: .memory, creator: activity.creator, start: activity.startDate ?? Date(timeIntervalSince1970: fitEpochOffset), timeZone: timeZone)
        writer.writeContents(of: activity)
        return Data(writer.finishInMemory())
    }

    /// Writes all of `activity` and finishes the file.
    public func write(_ activity: Activity) throws {
        writeContents(of: activity)
        try finish()
    }

    /// Writes the activity's messages in time order: each lap and session as it ends.
    private func writeContents(of activity: Activity) {
        for (index, sensor) in activity.sensors.prefix(254).enumerated() { self.sensor(sensor, index: index + 1, at: activity.startDate ?? lastDate) }
        var timers = activity.timerEvents[...]
        var laps = activity.laps[...]
        var sessions = activity.sessions[...]
        var beats = activity.heartbeatIntervals[...]
        var markers = activity.markers[...]
        if activity.timerEvents.first?.kind != .start, let start = activity.startDate {
            timer(ActivityTimerEvent(.start, at: start))
        }
        func catchUp(to date: Date?) {
            while true {
                // The earliest of what is due, timers first at equal times, then beats, laps, sessions.
                if let event = timers.first, date.map({ event.date <= $0 }) ?? true { timer(event); timers.removeFirst(); continue }
                if let marker = markers.first, date.map({ marker.date <= $0 }) ?? true { self.marker(marker); markers.removeFirst(); continue }
                if let beat = beats.first, date.map({ beat.date <= $0 }) ?? true {
                    var group: [Double] = []
                    while let next = beats.first, group.count < 5, date.map({ next.date <= $0 }) ?? true { group.append(next.seconds); beats.removeFirst() }
                    heartbeatIntervals(group)
                    continue
                }
                if let lap = laps.first, date.map({ lap.end < $0 }) ?? true { self.lap(lap); laps.removeFirst(); continue }
                if let session = sessions.first, date.map({ session.end < $0 }) ?? true, laps.first.map({ $0.start >= session.end }) ?? true {
                    self.session(session); sessions.removeFirst(); continue
                }
                break
            }
        }
        for record in activity.records {
            catchUp(to: record.date)
            append(record)
        }
        catchUp(to: nil)
    }

    /// Seconds since FIT's epoch (1989-12-31T00:00:00Z), rounded down.
    static func fitTime(_ date: Date) -> Double { (date.timeIntervalSince1970 - fitEpochOffset).rounded(.down) }

    private static func semicircles(_ degrees: Double?) -> Double? { degrees.map { $0 * 2_147_483_648 / 180 } }

    /// Writes a sensor's `device_info`: its index (1 on; 0 is the creator), Bluetooth LE as its source where it has
    /// an address (and then its `ble_device_type`, else its ANT+ device type), name, numbers, and battery
    /// (`battery_level` in %, `battery_status`).
    public func sensor(_ sensor: ActivitySensor, index: Int, at date: Date) {
        encoder.write(local: 10, global: FITMessageNumber.deviceInfo, layout: [
            .init(253, .uint32), .init(0, .uint8), .init(1, .uint8), .init(2, .uint16), .init(4, .uint16), .init(3, .uint32z), .init(25, .enumeration),
            .init(11, .uint8), .init(32, .uint8), .init(27, .string, size: 32),
        ], values: [.number(Self.fitTime(date)), .number(Double(index)),
                    .number(Double(sensor.identifier == nil ? sensor.kind.fitDeviceType : sensor.kind.fitBLEDeviceType)),
                    .number(sensor.manufacturer.map(Double.init)), .number(sensor.product.map(Double.init)), .number(sensor.serialNumber.map(Double.init)),
                    .number(sensor.identifier == nil ? nil : 3), .number(sensor.battery.map { Double(ActivitySensor.fitBatteryStatus($0)) }),
                    .number(sensor.battery.map { Double(min(100, max(0, $0))) }), .text(sensor.name ?? "")])
    }

    /// Writes a timer start or stop (a pause is a stop, then a start).
    public func timer(_ event: ActivityTimerEvent) {
        lastDate = max(lastDate, event.date)
        encoder.write(local: 1, global: FITMessageNumber.event, layout: [
            .init(253, .uint32), .init(0, .enumeration), .init(1, .enumeration), .init(3, .uint32), .init(4, .uint8),
        ], values: [.number(Self.fitTime(event.date)), .number(0), .number(event.kind == .start ? 0 : 4),
                    .number(event.isAutomatic ? 1 : 0), .number(0)])
        spill()
    }

    /// Writes a marker: an `event` message of event `user_marker` (32), type `marker` (3).
    public func marker(_ marker: ActivityMarker) {
        lastDate = max(lastDate, marker.date)
        encoder.write(local: 9, global: FITMessageNumber.event, layout: [.init(253, .uint32), .init(0, .enumeration), .init(1, .enumeration)],
                      values: [.number(Self.fitTime(marker.date)), .number(32), .number(3)])
        spill()
    }

    /// Writes one record; fields the record lacks are left out of the message.
    public func append(_ record: ActivityRecord) {
        lastDate = max(lastDate, record.date)
        var layout: [FITFieldLayout] = [.init(253, .uint32)]
        var values: [FITValue] = [.number(Self.fitTime(record.date))]
        if let latitude = record.latitude, let longitude = record.longitude {
            layout += [.init(0, .sint32), .init(1, .sint32)]
            values += [.number(Self.semicircles(latitude)), .number(Self.semicircles(longitude))]
        }
        if let altitude = record.altitude { layout.append(.init(78, .uint32)); values.append(.number((altitude + 500) * 5)) }
        if let heartRate = record.heartRate { layout.append(.init(3, .uint8)); values.append(.number(heartRate)) }
        if let cadence = record.cadence { layout.append(.init(4, .uint8)); values.append(.number(cadence)) }
        if let distance = record.distance { layout.append(.init(5, .uint32)); values.append(.number(distance * 100)) }
        if let speed = record.speed { layout.append(.init(73, .uint32)); values.append(.number(speed * 1000)) }
        if let power = record.power { layout.append(.init(7, .uint16)); values.append(.number(power)) }
        encoder.write(local: 0, global: FITMessageNumber.record, layout: layout, values: values)
        spill()
    }

    /// Writes up to five beat-to-beat intervals (seconds) as one `hrv` message.
    public func heartbeatIntervals(_ seconds: [Double]) {
        guard !seconds.isEmpty else { return }
        for start in stride(from: 0, to: seconds.count, by: 5) {
            let group = seconds[start..<min(start + 5, seconds.count)].map { $0 * 1000 }
            encoder.write(local: 7, global: FITMessageNumber.hrv, layout: [.init(0, .uint16, size: 10)], values: [.numbers(group)])
        }
        spill()
    }

    private func summaryValues(_ summary: ActivitySummary) -> [FITValue] {
        [.number(Self.fitTime(summary.end)), .number(Self.fitTime(summary.start)),
         .number(summary.elapsedTime * 1000), .number(summary.timerTime * 1000), .number(summary.distance.map { $0 * 100 }),
         .number(summary.calories), .number(summary.averageSpeed.map { $0 * 1000 }), .number(summary.maximumSpeed.map { $0 * 1000 }),
         .number(summary.averageHeartRate), .number(summary.maximumHeartRate), .number(summary.averageCadence),
         .number(summary.averagePower), .number(summary.maximumPower), .number(summary.ascent), .number(summary.descent),
         .number(Double(summary.sport.fitValue)),
         .number(summary.averageSpeed.map { $0 * 1000 }), .number(summary.maximumSpeed.map { $0 * 1000 })]
    }

    /// A session's normalized power, TSS (tenths), IF (thousandths), threshold power and work.
    private func trainingValues(_ training: ActivityTrainingFigures?) -> [FITValue] {
        [.number(training?.normalizedPower), .number(training?.trainingStressScore.map { $0 * 10 }),
         .number(training?.intensityFactor.map { $0 * 1000 }), .number(training?.thresholdPower), .number(training?.work)]
    }

    /// Writes a lap's totals; call it when the lap ends.
    public func lap(_ summary: ActivitySummary) {
        lastDate = max(lastDate, summary.end)
        let trigger: Double = switch summary.trigger {
        case .manual: 0
        case .time: 1
        case .distance: 2
        case .position: 3
        case .sessionEnd: 7
        }
        encoder.write(local: 2, global: FITMessageNumber.lap, layout: [
            .init(254, .uint16), .init(0, .enumeration), .init(1, .enumeration), .init(24, .enumeration),
            .init(253, .uint32), .init(2, .uint32), .init(7, .uint32), .init(8, .uint32), .init(9, .uint32), .init(11, .uint16),
            .init(13, .uint16), .init(14, .uint16), .init(15, .uint8), .init(16, .uint8), .init(17, .uint8), .init(19, .uint16),
            .init(20, .uint16), .init(21, .uint16), .init(22, .uint16), .init(25, .enumeration), .init(110, .uint32), .init(111, .uint32),
        ], values: [.number(Double(lapCount)), .number(9), .number(1), .number(trigger)] + summaryValues(summary))
        lapCount += 1
        spill()
    }

    /// Writes a session's totals (one per sport of a multisport activity),
    /// covering the laps written since the previous session; call it when the session ends.
    public func session(_ summary: ActivitySummary) {
        lastDate = max(lastDate, summary.end)
        if lapCount == sessionLapStart {
            // FIT requires at least one lap per session: the session is its lap.
            var lap = summary
            lap.trigger = .sessionEnd
            self.lap(lap)
        }
        encoder.write(local: 3, global: FITMessageNumber.session, layout: [
            .init(254, .uint16), .init(0, .enumeration), .init(1, .enumeration), .init(28, .enumeration), .init(6, .enumeration),
            .init(25, .uint16), .init(26, .uint16),
            .init(253, .uint32), .init(2, .uint32), .init(7, .uint32), .init(8, .uint32), .init(9, .uint32), .init(11, .uint16),
            .init(14, .uint16), .init(15, .uint16), .init(16, .uint8), .init(17, .uint8), .init(18, .uint8), .init(20, .uint16),
            .init(21, .uint16), .init(22, .uint16), .init(23, .uint16), .init(5, .enumeration), .init(124, .uint32), .init(125, .uint32),
            .init(34, .uint16), .init(35, .uint16), .init(36, .uint16), .init(45, .uint16), .init(48, .uint32),
        ], values: [.number(Double(sessionCount)), .number(8), .number(1), .number(0), .number(0),
                    .number(Double(sessionLapStart)), .number(Double(lapCount - sessionLapStart))] + summaryValues(summary) + trainingValues(summary.training))
        sessionCount += 1
        sessionLapStart = lapCount
        timerTotal += summary.timerTime
        spill()
    }

    /// Writes any bytes buffered so far to the file.
    public func flush() throws {
        guard case .file(let handle, _) = sink else { return }
        written += encoder.take()
        guard !written.isEmpty else { return }
        try handle.write(contentsOf: written)
        dataSize += written.count
        written.removeAll(keepingCapacity: true)
    }

    private func spill() {
        if case .file = sink, encoder.bytes.count >= 65_536 { try? flush() }
    }

    /// Writes the `activity` message and the file's sizes and checksums, and closes the file.
    ///
    /// Write at least one ``session(_:)`` first: FIT readers require one.
    public func finish() throws {
        guard !finished else { return }
        finished = true
        writeClosingMessages()
        guard case .file(let handle, let url) = sink else { return }
        try flush()
        let total = dataSize
        let header = Self.header(dataSize: total - Self.headerSize)
        try handle.seek(toOffset: 0)
        try handle.write(contentsOf: header)
        try handle.synchronize()
        // The file's CRC covers the header and the data: read it back in chunks.
        let reader = try FileHandle(forReadingFrom: url)
        defer { try? reader.close() }
        var crc = FITCRC()
        while let chunk = try reader.read(upToCount: 1 << 20), !chunk.isEmpty { crc.update(chunk) }
        try handle.seekToEnd()
        try handle.write(contentsOf: [UInt8(crc.value & 0xFF), UInt8(crc.value >> 8)])
        try handle.synchronize()
        try handle.close()
    }

    private func finishInMemory() -> [UInt8] {
        writeClosingMessages()
        return Self.file(messages: Array((written + encoder.take()).dropFirst(Self.headerSize)))
    }

    /// A whole FIT file of `messages` (definition and data messages as ``FITEncoder`` writes them): the header
    /// before them and the file's CRC after, as every file written in memory (activities, workouts, courses) ends.
    static func file(messages: [UInt8]) -> [UInt8] {
        var file = header(dataSize: messages.count) + messages
        let crc = FITCRC.checksum(file)
        file += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
        return file
    }

    private func writeClosingMessages() {
        let end = Self.fitTime(lastDate)
        let local = end + Double(timeZone.secondsFromGMT(for: lastDate))
        encoder.write(local: 4, global: FITMessageNumber.activity, layout: [
            .init(253, .uint32), .init(0, .uint32), .init(1, .uint16), .init(2, .enumeration), .init(3, .enumeration), .init(4, .enumeration), .init(5, .uint32),
        ], values: [.number(end), .number(timerTotal * 1000), .number(Double(sessionCount)), .number(sessionCount > 1 ? 1 : 0),
                    .number(26), .number(1), .number(local)])
    }

    static func header(dataSize: Int) -> [UInt8] {
        let profile: UInt16 = 2132
        let size = UInt32(dataSize)
        var header: [UInt8] = [14, 0x20, UInt8(profile & 0xFF), UInt8(profile >> 8),
                               UInt8(size & 0xFF), UInt8((size >> 8) & 0xFF), UInt8((size >> 16) & 0xFF), UInt8(size >> 24),
                               0x2E, 0x46, 0x49, 0x54]
        let crc = FITCRC.checksum(header)
        header += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
        return header
    }
}
