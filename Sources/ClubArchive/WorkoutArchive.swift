public import Foundation
public import HealthKitModel
public import WorkoutFormats
public import WorkoutCatalog

/// A workout packed to travel and to be stored: its summary, its activity's laps,
/// events and device as JSON, and its readings as columns of little-endian doubles.
///
/// `workout sync` sends archives; the club keeps the columns as its series (one
/// row a column) and the rest in its tables, and rebuilds the activity for
/// reports and downloads. Every value survives the trip exactly: doubles are
/// written bit for bit.
///
/// The bytes: `OHKA`, a 16-bit version (1), the summary's JSON and the facts'
/// JSON each after a 32-bit length, a 16-bit count of columns, then each column's
/// name (after an 8-bit length), its 32-bit count of values and the values.
/// Columns a reader does not know are skipped, so a newer writer can add some.
public struct WorkoutArchive: Sendable, Equatable {
    /// The workout's figures, with its UUID.
    public var summary: WorkoutSummary
    /// The workout's readings, laps and events.
    public var activity: Activity
    /// The athlete's maximum and resting heart rate and threshold power, for zones, when the recorder knew them.
    public var athlete: AthleteFigures?

    /// The workout's UUID.
    public var id: UUID { UUID(uuidString: summary.id) ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }

    /// The archive of a workout, with the athlete's zones' figures when known.
    ///
    /// - Throws: ``WorkoutArchiveError/badIdentifier(_:)`` when `summary.id` is not a UUID.
    public init(summary: WorkoutSummary, activity: Activity, athlete: AthleteFigures? = nil) throws(WorkoutArchiveError) {
        guard let uuid = UUID(uuidString: summary.id) else { throw .badIdentifier(summary.id) }
        var summary = summary
        summary.id = uuid.uuidString
        self.summary = summary
        self.activity = activity
        self.athlete = athlete
    }

    /// The media type archives travel as.
    public static let contentType = "application/vnd.openhealthkit.archive"

    /// Most values a column may hold: a week at 10 Hz.
    static let maximumCount = 6_048_000
    /// Most bytes a JSON section may hold.
    static let maximumSection = 16 << 20
    private static let magic: [UInt8] = Array("OHKA".utf8)

    /// The activity's facts as the club stores them: JSON.
    public var factsJSON: String { String(decoding: Self.json(ArchiveFacts(activity, athlete: athlete)), as: UTF8.self) }

    /// The readings as the club stores them: each non-empty column's values packed.
    public var series: [(column: ArchiveColumn, count: Int, samples: Data)] {
        var columns: [(ArchiveColumn, Int, Data)] = []
        for column in ArchiveColumn.allCases {
            let values = self.values(of: column)
            guard !values.isEmpty, column == .time || column == .heartbeatTime || values.contains(where: { !$0.isNaN }) else { continue }
            columns.append((column, values.count, Self.pack(values)))
        }
        return columns
    }

    /// The archive's bytes.
    public func encoded() -> Data {
        var data = Data(Self.magic)
        Self.append(UInt16(1), to: &data)
        for section in [Self.json(summary), Self.json(ArchiveFacts(activity, athlete: athlete))] {
            Self.append(UInt32(section.count), to: &data)
            data.append(section)
        }
        let series = self.series
        Self.append(UInt16(series.count), to: &data)
        for (column, count, samples) in series {
            let name = Array(column.rawValue.utf8)
            data.append(UInt8(name.count))
            data.append(contentsOf: name)
            Self.append(UInt32(count), to: &data)
            data.append(samples)
        }
        return data
    }

    /// Reads an archive's bytes.
    ///
    /// - Throws: ``WorkoutArchiveError`` naming the byte offset of what is wrong; never traps on any bytes.
    public init(decoding data: Data) throws(WorkoutArchiveError) {
        var reader = ArchiveReader(bytes: [UInt8](data))
        guard reader.remaining >= 6, Array(try reader.bytes(4)) == Self.magic else { throw .notAnArchive }
        let version = Int(try reader.integer(UInt16.self))
        guard version == 1 else { throw .unsupportedVersion(version) }
        let summaryOffset = reader.offset
        let summary: WorkoutSummary = try Self.section("summary", try reader.section(), offset: summaryOffset)
        let factsOffset = reader.offset
        let facts: ArchiveFacts = try Self.section("facts", try reader.section(), offset: factsOffset)
        let count = Int(try reader.integer(UInt16.self))
        var columns: [(ArchiveColumn, Int, [Double])] = []
        for _ in 0..<count {
            let offset = reader.offset
            let nameLength = Int(try reader.integer(UInt8.self))
            let name = String(decoding: try reader.bytes(nameLength), as: UTF8.self)
            let values = Int(try reader.integer(UInt32.self))
            guard values <= Self.maximumCount else { throw .tooLarge(offset: offset, what: "column '\(name)'") }
            let bytes = try reader.bytes(values * 8)
            if let column = ArchiveColumn(rawValue: name) { columns.append((column, offset, Self.unpack(bytes))) }
        }
        try self.init(summary: summary, facts: facts, columns: columns)
    }

    /// Rebuilds an archive from what the club stores: the summary, the facts' JSON and the series.
    ///
    /// - Throws: ``WorkoutArchiveError`` when the parts do not fit together.
    public init(summary: WorkoutSummary, factsJSON: String, series: [(column: ArchiveColumn, samples: Data)]) throws(WorkoutArchiveError) {
        let facts: ArchiveFacts = try Self.section("facts", Data(factsJSON.utf8), offset: 0)
        try self.init(summary: summary, facts: facts, columns: series.map { ($0.column, 0, Self.unpack($0.samples)) })
    }

    private init(summary: WorkoutSummary, facts: ArchiveFacts, columns: [(ArchiveColumn, Int, [Double])]) throws(WorkoutArchiveError) {
        var activity = Activity()
        facts.apply(to: &activity)
        let recordCount = columns.first { $0.0 == .time }?.2.count ?? 0
        let beatCount = columns.first { $0.0 == .heartbeatTime }?.2.count ?? 0
        var byColumn: [ArchiveColumn: [Double]] = [:]
        for (column, offset, values) in columns {
            let expected = column.isHeartbeat ? beatCount : recordCount
            guard values.count == expected else { throw .columnLength(name: column.rawValue, offset: offset, count: values.count, expected: expected) }
            byColumn[column] = values
        }
        func value(_ column: ArchiveColumn, _ index: Int) -> Double? {
            guard let value = byColumn[column]?[index], !value.isNaN else { return nil }
            return value
        }
        activity.records = (0..<recordCount).map { index in
            ActivityRecord(date: Date(timeIntervalSince1970: byColumn[.time]?[index] ?? 0), latitude: value(.latitude, index), longitude: value(.longitude, index),
                           altitude: value(.altitude, index), heartRate: value(.heartRate, index), cadence: value(.cadence, index),
                           power: value(.power, index), speed: value(.speed, index), distance: value(.distance, index))
        }
        activity.heartbeatIntervals = (0..<beatCount).map { index in
            ActivityHeartbeatInterval(date: Date(timeIntervalSince1970: byColumn[.heartbeatTime]?[index] ?? 0), seconds: byColumn[.heartbeatSeconds]?[index] ?? .nan)
        }
        try self.init(summary: summary, activity: activity, athlete: facts.athlete)
    }

    private func values(of column: ArchiveColumn) -> [Double] {
        let records = activity.records
        let missing = Double.nan
        return switch column {
        case .time: records.map { $0.date.timeIntervalSince1970 }
        case .latitude: records.map { $0.latitude ?? missing }
        case .longitude: records.map { $0.longitude ?? missing }
        case .altitude: records.map { $0.altitude ?? missing }
        case .heartRate: records.map { $0.heartRate ?? missing }
        case .cadence: records.map { $0.cadence ?? missing }
        case .power: records.map { $0.power ?? missing }
        case .speed: records.map { $0.speed ?? missing }
        case .distance: records.map { $0.distance ?? missing }
        case .heartbeatTime: activity.heartbeatIntervals.map { $0.date.timeIntervalSince1970 }
        case .heartbeatSeconds: activity.heartbeatIntervals.map(\.seconds)
        }
    }

    /// Doubles as little-endian bytes.
    static func pack(_ values: [Double]) -> Data {
        var data = Data(capacity: values.count * 8)
        for value in values { append(value.bitPattern, to: &data) }
        return data
    }

    /// Little-endian bytes as doubles; a trailing partial value is dropped.
    static func unpack<Bytes: Collection>(_ bytes: Bytes) -> [Double] where Bytes.Element == UInt8 {
        var values: [Double] = []
        values.reserveCapacity(bytes.count / 8)
        var pattern: UInt64 = 0
        var shift: UInt64 = 0
        for byte in bytes {
            pattern |= UInt64(byte) << shift
            shift += 8
            if shift == 64 {
                values.append(Double(bitPattern: pattern))
                pattern = 0
                shift = 0
            }
        }
        return values
    }

    private static func append<Integer: FixedWidthInteger>(_ value: Integer, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }

    private static func json<Value: Encodable>(_ value: Value) -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return (try? encoder.encode(value)) ?? Data("{}".utf8)
    }

    private static func section<Value: Decodable>(_ name: String, _ data: Data, offset: Int) throws(WorkoutArchiveError) -> Value {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        do { return try decoder.decode(Value.self, from: data) } catch {
            throw .badSection(name: name, offset: offset, reason: "\(error)")
        }
    }
}
