import Foundation
internal import GRDB

/// Turns objects into `object` rows and rows back into objects.
///
/// One codec serves one batch: it caches unit strings, unit conversions and
/// encoded devices for the objects of that batch.
struct ObjectCodec {
    /// The `object` table's columns, as ``object(from:typeName:source:members:)`` reads them.
    enum Column: Int, ResultColumns {
        case id, uuid, kind, type, start, end, value, rawValue, unit, count, source, device, metadata, payload, parent
        static let names = ["id", "uuid", "kind", "type", "start", "end", "value", "raw_value", "unit", "count", "source", "device", "metadata", "payload", "parent"]
    }

    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }()
    private let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }()

    private var unitStrings: [ObjectIdentifier: String] = [:]
    private var devices: [HKDevice: String] = [:]
    private var units: [String: HKUnit] = [:]

    /// The values of one row, in ``columns`` order.
    struct Row {
        var uuid: UUID
        var kind: ObjectKind
        var type: String
        var start: Double
        var end: Double
        var value: Double?
        var rawValue: Double?
        var unit: String?
        var count: Int
        var device: String?
        var metadata: String?
        var payload: String?
        var parent: UUID?
    }

    // MARK: Encoding

    /// The rows for `object`: one, or a correlation followed by its members.
    mutating func rows(for object: HKObject, parent: UUID? = nil) throws -> [Row] {
        guard let sample = object as? HKSample else {
            throw HKError(.errorInvalidArgument, "Only samples can be saved; \(type(of: object)) is not one")
        }
        var device: String?
        if let value = sample.device { device = try encodeDevice(value) }
        var row = Row(uuid: sample.uuid, kind: ObjectKind.quantity, type: sample.sampleType.identifier,
                      start: sample.startDate.timeIntervalSince1970, end: sample.endDate.timeIntervalSince1970,
                      count: 1, device: device, metadata: try encodeMetadata(sample.metadata), parent: parent)
        var extra: [Row] = []
        switch sample {
        case let quantity as HKQuantitySample:
            let type = quantity.quantityType
            let unit = quantity.quantity.unit
            row.kind = .quantity
            row.count = quantity.count
            if let series = quantity.series {
                row.kind = .quantitySeries
                let value = series.summary.value(for: type.aggregationStyle)
                if series.unit == type.canonicalUnit {
                    row.value = value
                } else {
                    row.value = try series.unit.convert(value, to: type.canonicalUnit)
                    row.rawValue = value
                    row.unit = unitString(series.unit)
                }
                row.payload = try String(decoding: encoder.encode(series.summary), as: UTF8.self)
            } else if unit == type.canonicalUnit {
                row.value = quantity.quantity.value
            } else {
                row.value = try quantity.quantity.checkedDoubleValue(for: type.canonicalUnit)
                row.rawValue = quantity.quantity.value
                row.unit = unitString(unit)
            }
        case let category as HKCategorySample:
            row.kind = .category
            row.value = Double(category.value)
        case let workout as HKWorkout:
            row.kind = .workout
            row.value = Double(workout.workoutActivityType.rawValue)
            row.payload = try String(decoding: encoder.encode(WorkoutPayload(workout)), as: UTF8.self)
        case let mind as HKStateOfMind:
            row.kind = .stateOfMind
            row.value = mind.valence
            row.payload = try String(decoding: encoder.encode(StateOfMindPayload(mind)), as: UTF8.self)
        case let route as HKWorkoutRoute:
            row.kind = .route
            row.count = route.count
        case let series as HKHeartbeatSeriesSample:
            row.kind = .heartbeatSeries
            row.count = series.count
        case let correlation as HKCorrelation:
            row.kind = .correlation
            for member in correlation.objects.sorted(by: { $0.startDate < $1.startDate }) {
                extra += try rows(for: member, parent: correlation.uuid)
            }
        default:
            throw HKError(.errorInvalidArgument, "Objects of class \(type(of: sample)) cannot be saved")
        }
        return [row] + extra
    }

    private mutating func unitString(_ unit: HKUnit) -> String {
        let key = ObjectIdentifier(unit)
        if let cached = unitStrings[key] { return cached }
        let text = unit.unitString
        unitStrings[key] = text
        return text
    }

    private mutating func encodeDevice(_ device: HKDevice) throws -> String {
        if let cached = devices[device] { return cached }
        let text = String(decoding: try encoder.encode(device), as: UTF8.self)
        devices[device] = text
        return text
    }

    /// `metadata`'s values as the store keeps them.
    ///
    /// - Throws: ``HKError/Code/errorInvalidArgument`` naming a key whose value is of a kind metadata cannot hold.
    static func storableValues(_ metadata: [String: Any]) throws(HKError) -> [String: MetadataValue] {
        guard let values = MetadataValue.encode(metadata) else {
            let bad = metadata.first { MetadataValue($0.value) == nil }
            throw HKError(.errorInvalidArgument, "Metadata value for key \(bad?.key ?? "?") cannot be stored; use a String, number, Bool, Date or HKQuantity")
        }
        return values
    }

    private func encodeMetadata(_ metadata: [String: Any]?) throws -> String? {
        guard let metadata, !metadata.isEmpty else { return nil }
        return try metadataText(try Self.storableValues(metadata))
    }

    /// A `metadata` column's text (keys sorted, dates in seconds since 1970); nil for none.
    func metadataText(_ values: [String: MetadataValue]) throws -> String? {
        values.isEmpty ? nil : String(decoding: try encoder.encode(values), as: UTF8.self)
    }

    /// The values a `metadata` column's text holds; none for NULL.
    func metadataValues(_ text: String?) throws -> [String: MetadataValue] {
        try text.map { try decoder.decode([String: MetadataValue].self, from: Data($0.utf8)) } ?? [:]
    }

    // MARK: Decoding

    /// The object for a row selected with ``Column``'s list.
    mutating func object(from row: GRDB.Row, typeName: String, source: HKSourceRevision, members: [HKSample] = []) throws -> HKObject {
        let uuid: UUID = row[Column.uuid]
        let kind = ObjectKind(rawValue: row[Column.kind]) ?? .quantity
        let start = Date(timeIntervalSince1970: row[Column.start]), end = Date(timeIntervalSince1970: row[Column.end])
        let value: Double? = row[Column.value]
        let device: HKDevice? = try (row[Column.device] as String?).map { try decoder.decode(HKDevice.self, from: Data($0.utf8)) }
        let metadata = MetadataValue.decode(try metadataValues(row[Column.metadata]))
        let payload: String? = row[Column.payload]
        switch kind {
        case .quantity, .quantitySeries:
            guard let type = HKObjectType.from(identifier: typeName) as? HKQuantityType else {
                throw HKError(.errorDatabaseInaccessible, "The store holds a quantity sample of unknown type \(typeName)")
            }
            let unitText: String? = row[Column.unit]
            let quantity: HKQuantity
            if let unitText, let raw: Double = row[Column.rawValue] {
                quantity = HKQuantity(unit: try unit(unitText), doubleValue: raw)
            } else {
                quantity = HKQuantity(unit: type.canonicalUnit, doubleValue: value ?? 0)
            }
            let count: Int = row[Column.count]
            var series: QuantitySeries?
            if kind == .quantitySeries {
                guard let payload, let summary = try? decoder.decode(QuantitySeriesSummary.self, from: Data(payload.utf8)) else {
                    throw HKError(.errorDatabaseInaccessible, "The store's quantity series \(uuid) has no readable summary; restore the store from a copy, or delete the sample")
                }
                series = QuantitySeries(unit: quantity.unit, summary: summary, chunks: nil)
            }
            if type.aggregationStyle == .cumulative {
                return HKCumulativeQuantitySample(unchecked: type, quantity: quantity, start: start, end: end, count: count,
                                                  uuid: uuid, device: device, metadata: metadata, sourceRevision: source, series: series)
            }
            return HKDiscreteQuantitySample(unchecked: type, quantity: quantity, start: start, end: end, count: count,
                                            uuid: uuid, device: device, metadata: metadata, sourceRevision: source, series: series)
        case .category:
            return HKCategorySample(unchecked: HKCategoryType(HKCategoryTypeIdentifier(rawValue: typeName)), value: Int(value ?? 0),
                                    start: start, end: end, uuid: uuid, device: device, metadata: metadata, sourceRevision: source)
        case .correlation:
            return HKCorrelation(unchecked: HKCorrelationType(HKCorrelationTypeIdentifier(rawValue: typeName)), start: start, end: end,
                                 objects: Set(members), uuid: uuid, device: device, metadata: metadata, sourceRevision: source)
        case .workout:
            let decoded = try decoder.decode(WorkoutPayload.self, from: Data((payload ?? "{}").utf8))
            return decoded.workout(activityType: HKWorkoutActivityType(rawValue: UInt(value ?? 3000)) ?? .other, start: start, end: end,
                                   uuid: uuid, device: device, metadata: metadata, source: source)
        case .stateOfMind:
            let decoded = try decoder.decode(StateOfMindPayload.self, from: Data((payload ?? "{}").utf8))
            return HKStateOfMind(unchecked: start, kind: decoded.kind, valence: value ?? 0, labels: decoded.labels,
                                 associations: decoded.associations, uuid: uuid, device: device, metadata: metadata, sourceRevision: source)
        case .route:
            return HKWorkoutRoute(unchecked: start, end: end, count: row[Column.count], uuid: uuid, device: device, metadata: metadata, sourceRevision: source)
        case .heartbeatSeries:
            return HKHeartbeatSeriesSample(unchecked: start, end: end, count: row[Column.count], uuid: uuid, device: device, metadata: metadata, sourceRevision: source)
        }
    }

    private mutating func unit(_ text: String) throws -> HKUnit {
        if let cached = units[text] { return cached }
        let parsed = try HKUnit(parsing: text)
        units[text] = parsed
        return parsed
    }
}

