import Foundation

/// A structured filter over stored objects, built by the `HKQuery.predicateFor…`
/// functions. Most cases compile to SQL; the rest are evaluated on each object.
indirect enum SampleFilter: Sendable {
    enum Comparison: Sendable {
        case less, lessOrEqual, equal, greaterOrEqual, greater, notEqual

        init(_ op: HKComparisonOperator) {
            switch op {
            case .lessThan: self = .less
            case .lessThanOrEqualTo: self = .lessOrEqual
            case .equalTo: self = .equal
            case .greaterThanOrEqualTo: self = .greaterOrEqual
            case .greaterThan: self = .greater
            case .notEqualTo: self = .notEqual
            }
        }

        var sql: String {
            switch self {
            case .less: "<"
            case .lessOrEqual: "<="
            case .equal: "="
            case .greaterOrEqual: ">="
            case .greater: ">"
            case .notEqual: "<>"
            }
        }

        func holds<T: Comparable>(_ lhs: T, _ rhs: T) -> Bool {
            switch self {
            case .less: lhs < rhs
            case .lessOrEqual: lhs <= rhs
            case .equal: lhs == rhs
            case .greaterOrEqual: lhs >= rhs
            case .greater: lhs > rhs
            case .notEqual: lhs != rhs
            }
        }
    }

    enum WorkoutTotal: Sendable { case energy, distance, swimmingStrokes, flightsClimbed }

    case dateRange(start: Date?, end: Date?, options: HKQueryOptions)
    case uuids(Set<UUID>)
    case sourceBundles(Set<String>)
    case devices(Set<HKDevice>)
    case deviceProperty(key: String, values: Set<String>)
    case metadataKeyExists(String)
    case metadataAllowed(key: String, values: [MetadataValue])
    case metadataCompare(key: String, Comparison, MetadataValue)
    case quantity(Comparison, value: Double, unit: HKUnit)
    case categoryValue(Comparison, Int)
    case workoutActivityType(HKWorkoutActivityType)
    case workoutDuration(Comparison, TimeInterval)
    case workoutTotal(WorkoutTotal, Comparison, HKQuantity)
    case parent(UUID)
    case and([SampleFilter])
    case or([SampleFilter])
    case not(SampleFilter)
    case opaque(NSPredicateBox)

    /// Extracts the structured filter from any predicate: ours, compound ones
    /// built from ours, or an opaque block predicate.
    static func from(_ predicate: NSPredicate?) -> SampleFilter? {
        guard let predicate else { return nil }
        if let ours = predicate as? HKQueryPredicate { return ours.filter }
        if let compound = predicate as? NSCompoundPredicate {
            let parts = compound.subpredicates.compactMap { from($0) }
            switch compound.compoundPredicateType {
            case .and: return .and(parts)
            case .or: return .or(parts)
            case .not: return parts.first.map { .not($0) }
            @unknown default: return .opaque(NSPredicateBox(predicate))
            }
        }
        return .opaque(NSPredicateBox(predicate))
    }

    /// The date range of a plain overlap predicate, for clipping statistics.
    var overlapRange: (start: Date?, end: Date?)? {
        switch self {
        case .dateRange(let start, let end, let options) where options.isEmpty: (start, end)
        case .and(let parts): parts.lazy.compactMap(\.overlapRange).first
        default: nil
        }
    }

    // MARK: Evaluation on objects

    func matches(_ object: HKObject) -> Bool {
        switch self {
        case .dateRange(let start, let end, let options):
            guard let sample = object as? HKSample else { return false }
            return Self.dateMatch(sampleStart: sample.startDate.timeIntervalSince1970, sampleEnd: sample.endDate.timeIntervalSince1970,
                                  start: start?.timeIntervalSince1970, end: end?.timeIntervalSince1970, options: options)
        case .uuids(let ids): return ids.contains(object.uuid)
        case .sourceBundles(let bundles): return bundles.contains(object.sourceRevision.source.bundleIdentifier)
        case .devices(let devices): return object.device.map(devices.contains) ?? false
        case .deviceProperty(let key, let values):
            guard let device = object.device else { return false }
            let value: String? = switch key {
            case HKDevicePropertyKeyName: device.name
            case HKDevicePropertyKeyManufacturer: device.manufacturer
            case HKDevicePropertyKeyModel: device.model
            case HKDevicePropertyKeyHardwareVersion: device.hardwareVersion
            case HKDevicePropertyKeyFirmwareVersion: device.firmwareVersion
            case HKDevicePropertyKeySoftwareVersion: device.softwareVersion
            case HKDevicePropertyKeyLocalIdentifier: device.localIdentifier
            case HKDevicePropertyKeyUDIDeviceIdentifier: device.udiDeviceIdentifier
            default: nil
            }
            return value.map(values.contains) ?? false
        case .metadataKeyExists(let key): return object.metadata?[key] != nil
        case .metadataAllowed(let key, let values):
            guard let raw = object.metadata?[key], let value = MetadataValue(raw) else { return false }
            return values.contains { Self.compare(value, .equal, $0) }
        case .metadataCompare(let key, let comparison, let target):
            guard let raw = object.metadata?[key], let value = MetadataValue(raw) else { return false }
            return Self.compare(value, comparison, target)
        case .quantity(let comparison, let value, let unit):
            guard let sample = object as? HKQuantitySample, let mine = try? sample.quantity.checkedDoubleValue(for: unit) else { return false }
            return comparison.holds(mine, value)
        case .categoryValue(let comparison, let value):
            guard let sample = object as? HKCategorySample else { return false }
            return comparison.holds(sample.value, value)
        case .workoutActivityType(let type):
            return (object as? HKWorkout)?.workoutActivityType == type
        case .workoutDuration(let comparison, let duration):
            guard let workout = object as? HKWorkout else { return false }
            return comparison.holds(workout.duration, duration)
        case .workoutTotal(let total, let comparison, let quantity):
            guard let workout = object as? HKWorkout else { return false }
            let type: HKQuantityType = switch total {
            case .energy: HKQuantityType(.activeEnergyBurned)
            case .distance: HKQuantityType(HKWorkout.distanceType(for: workout.workoutActivityType))
            case .swimmingStrokes: HKQuantityType(.swimmingStrokeCount)
            case .flightsClimbed: HKQuantityType(.flightsClimbed)
            }
            guard let sum = workout.statistics(for: type)?.sumQuantity(),
                  let mine = try? sum.checkedDoubleValue(for: quantity.unit) else { return false }
            return comparison.holds(mine, quantity.value)
        case .parent: return true // decided in SQL
        case .and(let parts): return parts.allSatisfy { $0.matches(object) }
        case .or(let parts): return parts.contains { $0.matches(object) }
        case .not(let part): return !part.matches(object)
        case .opaque(let box): return box.predicate.evaluate(with: object)
        }
    }

    /// Whether one value of the series `sample` matches, as a sample of its
    /// own with the value's dates and amount (`value.value` in the type's
    /// canonical unit) would; every other condition is the series sample's.
    func matches(_ sample: HKQuantitySample, value: StatisticRow) -> Bool {
        switch self {
        case .dateRange(let start, let end, let options):
            return Self.dateMatch(sampleStart: value.start, sampleEnd: value.end,
                                  start: start?.timeIntervalSince1970, end: end?.timeIntervalSince1970, options: options)
        case .quantity(let comparison, let target, let unit):
            let quantity = HKQuantity(unit: sample.quantityType.canonicalUnit, doubleValue: value.value)
            guard let mine = try? quantity.checkedDoubleValue(for: unit) else { return false }
            return comparison.holds(mine, target)
        case .and(let parts): return parts.allSatisfy { $0.matches(sample, value: value) }
        case .or(let parts): return parts.contains { $0.matches(sample, value: value) }
        case .not(let part): return !part.matches(sample, value: value)
        default: return matches(sample)
        }
    }

    /// A filter that selects at least every series with a value that
    /// ``matches(_:value:)``: date ranges become overlaps of the series'
    /// span, and conditions on a value's dates or amount under `not` are
    /// left out (negation is not monotone).
    var relaxedForSeries: SampleFilter {
        switch self {
        case .dateRange(let start, let end, _): return .dateRange(start: start, end: end, options: [])
        case .quantity: return .and([])
        case .and(let parts): return .and(parts.map(\.relaxedForSeries))
        case .or(let parts): return .or(parts.map(\.relaxedForSeries))
        case .not(let part): return part.mentionsValues ? .and([]) : self
        default: return self
        }
    }

    /// Whether the filter looks at a sample's dates or amount.
    private var mentionsValues: Bool {
        switch self {
        case .dateRange, .quantity: true
        case .and(let parts), .or(let parts): parts.contains(where: \.mentionsValues)
        case .not(let part): part.mentionsValues
        default: false
        }
    }

    static func dateMatch(sampleStart: Double, sampleEnd: Double, start: Double?, end: Double?, options: HKQueryOptions) -> Bool {
        let lo = start ?? -.infinity, hi = end ?? .infinity
        if options.isEmpty { return sampleEnd >= lo && sampleStart < hi }
        var ok = true
        if options.contains(.strictStartDate) { ok = ok && sampleStart >= lo && sampleStart < hi }
        if options.contains(.strictEndDate) { ok = ok && sampleEnd >= lo && sampleEnd < hi }
        return ok
    }

    static func compare(_ lhs: MetadataValue, _ comparison: Comparison, _ rhs: MetadataValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): return comparison.holds(a, b)
        case (.date(let a), .date(let b)): return comparison.holds(a, b)
        case (.bool(let a), .bool(let b)): return comparison.holds(a ? 1 : 0, b ? 1 : 0)
        case (.quantity(let a, let ua), .quantity(let b, let ub)):
            guard let unitA = try? HKUnit(parsing: ua), let unitB = try? HKUnit(parsing: ub),
                  let converted = try? HKQuantity(unit: unitA, doubleValue: a).checkedDoubleValue(for: unitB) else { return false }
            return comparison.holds(converted, b)
        default:
            guard let a = lhs.numeric, let b = rhs.numeric else { return false }
            return comparison.holds(a, b)
        }
    }

    // MARK: SQL

    /// The SQL condition for this filter over `object` columns, or `nil` if it
    /// must be evaluated on objects. `and` compiles the parts it can.
    ///
    /// - Parameter maxDuration: The longest stored sample of the queried types;
    ///   conditions on `end` also bound `start` by it (`start ≥ lo − maxDuration`),
    ///   which is exact and lets SQLite use the `(type, start)` index.
    func sql(maxDuration: Double) -> (String, [Double])? {
        switch self {
        case .dateRange(let start, let end, let options):
            var conditions: [String] = [], args: [Double] = []
            func endAtLeast(_ lo: Double) {
                conditions.append("end >= ?"); args.append(lo)
                conditions.append("start >= ?"); args.append(lo - maxDuration)
            }
            if options.isEmpty {
                if let start { endAtLeast(start.timeIntervalSince1970) }
                if let end { conditions.append("start < ?"); args.append(end.timeIntervalSince1970) }
            }
            if options.contains(.strictStartDate) {
                if let start { conditions.append("start >= ?"); args.append(start.timeIntervalSince1970) }
                if let end { conditions.append("start < ?"); args.append(end.timeIntervalSince1970) }
            }
            if options.contains(.strictEndDate) {
                if let start { endAtLeast(start.timeIntervalSince1970) }
                if let end {
                    conditions.append("end < ?"); args.append(end.timeIntervalSince1970)
                    conditions.append("start < ?"); args.append(end.timeIntervalSince1970)
                }
            }
            return (conditions.isEmpty ? "1" : conditions.joined(separator: " AND "), args)
        case .categoryValue(let comparison, let value):
            return ("(kind = \(ObjectKind.category.rawValue) AND value \(comparison.sql) ?)", [Double(value)])
        case .workoutActivityType(let type):
            return ("(kind = \(ObjectKind.workout.rawValue) AND value = ?)", [Double(type.rawValue)])
        case .and(let parts):
            let compiled = parts.compactMap { $0.sql(maxDuration: maxDuration) }
            guard !compiled.isEmpty else { return nil }
            return ("(" + compiled.map(\.0).joined(separator: " AND ") + ")", compiled.flatMap(\.1))
        case .or(let parts):
            let compiled = parts.compactMap { $0.sql(maxDuration: maxDuration) }
            guard compiled.count == parts.count, !parts.isEmpty else { return nil }
            return ("(" + compiled.map(\.0).joined(separator: " OR ") + ")", compiled.flatMap(\.1))
        case .not(let part):
            guard part.isFullySQL, let (condition, args) = part.sql(maxDuration: maxDuration) else { return nil }
            return ("NOT \(condition)", args)
        default:
            return nil
        }
    }

    /// Whether ``sql(typeID:)`` expresses the whole filter, so no object-level check is needed.
    var isFullySQL: Bool {
        switch self {
        case .dateRange, .categoryValue, .workoutActivityType, .parent: true
        case .and(let parts), .or(let parts): parts.allSatisfy(\.isFullySQL)
        case .not(let part): part.isFullySQL
        default: false
        }
    }

    /// UUID constraints, which are bound as blobs rather than numbers.
    var uuidConstraint: Set<UUID>? {
        switch self {
        case .uuids(let ids): ids
        case .and(let parts): parts.lazy.compactMap(\.uuidConstraint).first
        default: nil
        }
    }

    /// The parent (workout or correlation) constraint, if any.
    var parentConstraint: UUID? {
        switch self {
        case .parent(let id): id
        case .and(let parts): parts.lazy.compactMap(\.parentConstraint).first
        default: nil
        }
    }
}

extension MetadataValue {
    var numeric: Double? {
        switch self {
        case .integer(let v): Double(v)
        case .number(let v): v
        case .bool(let v): v ? 1 : 0
        default: nil
        }
    }
}

/// Device property keys for ``HKQuery/predicateForObjects(withDeviceProperty:allowedValues:)``.
public let HKDevicePropertyKeyName = "name"
/// The manufacturer key.
public let HKDevicePropertyKeyManufacturer = "manufacturer"
/// The model key.
public let HKDevicePropertyKeyModel = "model"
/// The hardware-version key.
public let HKDevicePropertyKeyHardwareVersion = "hardwareVersion"
/// The firmware-version key.
public let HKDevicePropertyKeyFirmwareVersion = "firmwareVersion"
/// The software-version key.
public let HKDevicePropertyKeySoftwareVersion = "softwareVersion"
/// The local-identifier key.
public let HKDevicePropertyKeyLocalIdentifier = "localIdentifier"
/// The UDI key.
public let HKDevicePropertyKeyUDIDeviceIdentifier = "UDIDeviceIdentifier"

