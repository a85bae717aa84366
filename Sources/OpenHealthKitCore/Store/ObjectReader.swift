import Foundation
internal import GRDB
internal import GRDBSQLite

/// Reads objects and statistics rows from the store.
struct ObjectReader: Sendable {
    let database: StoreDatabase

    // MARK: Objects

    func objects(_ query: ObjectQuery) async throws -> [HKObject] {
        try await database.writer.read { db in try objects(query, in: db) }
    }

    func objects(_ query: ObjectQuery, in db: Database) throws -> [HKObject] {
        try anchoredObjects(query, in: db).map(\.object)
    }

    /// The objects a query selects, each with its anchor (row id).
    func anchoredObjects(_ query: ObjectQuery, in db: Database) throws -> [(anchor: Int64, object: HKObject)] {
        var (sql, arguments, exact) = try whereClause(query, in: db)
        let pushLimit = exact && query.sort == nil
        sql = "SELECT \(ObjectCodec.Column.selectList(table: "object")) FROM object WHERE \(sql) ORDER BY \(query.sqlOrder)"
        if pushLimit, let limit = query.limit { sql += " LIMIT \(limit)" }
        var codec = ObjectCodec()
        var result: [(anchor: Int64, object: HKObject)] = []
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try rows.next() {
            let typeID: Int64 = row[ObjectCodec.Column.type]
            guard let typeName = try database.typeName(typeID, in: db) else { continue }
            let source = try database.source(row[ObjectCodec.Column.source], in: db)
            var members: [HKSample] = []
            if ObjectKind(rawValue: row[ObjectCodec.Column.kind]) == .correlation {
                members = try children(of: row[ObjectCodec.Column.uuid], in: db, codec: &codec)
            }
            let object = try codec.object(from: row, typeName: typeName, source: source, members: members)
            if !exact, let filter = query.filter, !filter.matches(object) { continue }
            result.append((row[ObjectCodec.Column.id], object))
        }
        if let sort = query.sort { result.sort { sort($0.object, $1.object) } }
        if let limit = query.limit, result.count > limit { result.removeLast(result.count - limit) }
        return result
    }

    private func children(of parent: UUID, in db: Database, codec: inout ObjectCodec) throws -> [HKSample] {
        let rows = try Row.fetchAll(db, sql: "SELECT \(ObjectCodec.Column.selectList()) FROM object WHERE parent = ? ORDER BY id", arguments: [parent])
        return try rows.compactMap { row in
            guard let typeName = try database.typeName(row[ObjectCodec.Column.type], in: db) else { return nil }
            return try codec.object(from: row, typeName: typeName, source: database.source(row[ObjectCodec.Column.source], in: db)) as? HKSample
        }
    }

    /// The SQL condition for a query, its arguments, and whether it expresses
    /// the whole filter (so no object-level check is needed).
    func whereClause(_ query: ObjectQuery, in db: Database) throws -> (String, StatementArguments, Bool) {
        var conditions: [String] = []
        var arguments = StatementArguments()
        var typeIDs: [Int64] = []
        if let types = query.types {
            var typeConditions: [String] = []
            for type in types {
                guard let id = try database.existingTypeID(type.identifier, in: db) else { continue }
                typeIDs.append(id)
                if query.ownOnlyTypes.contains(type.identifier), let bundle = query.ownBundle {
                    typeConditions.append("(object.type = ? AND object.source IN (SELECT id FROM source WHERE bundle = ?))")
                    arguments += [id, bundle]
                } else {
                    typeConditions.append("object.type = ?")
                    arguments += [id]
                }
            }
            if typeConditions.isEmpty { return ("0", arguments, true) }
            conditions.append("(" + typeConditions.joined(separator: " OR ") + ")")
        }
        if let bundle = query.restrictToBundle {
            conditions.append("object.source IN (SELECT id FROM source WHERE bundle = ?)")
            arguments += [bundle]
        }
        var exact = true
        if let filter = query.filter {
            exact = filter.isFullySQL
            let maxDuration = try Double.fetchOne(db, sql: typeIDs.isEmpty
                ? "SELECT max(max_duration) FROM data_type"
                : "SELECT max(max_duration) FROM data_type WHERE id IN (\(databaseQuestionMarks(count: typeIDs.count)))",
                arguments: StatementArguments(typeIDs)) ?? 0
            if let (sql, values) = filter.sql(maxDuration: maxDuration) {
                conditions.append(sql)
                arguments += StatementArguments(values)
            }
            if let uuids = filter.uuidConstraint {
                conditions.append("object.uuid IN (\(databaseQuestionMarks(count: uuids.count)))")
                arguments += StatementArguments(Array(uuids))
            }
            if let parent = filter.parentConstraint {
                conditions.append("object.parent = ?")
                arguments += [parent]
            }
        }
        if let kinds = query.kinds {
            conditions.append("object.kind IN (\(kinds.map { String($0.rawValue) }.joined(separator: ", ")))")
        }
        if let anchor = query.afterAnchor {
            conditions.append("object.id > ?")
            arguments += [anchor]
        }
        return (conditions.isEmpty ? "1" : conditions.joined(separator: " AND "), arguments, exact)
    }

    // MARK: Statistics rows

    /// The rows of quantity samples of `type` that match `query`, ordered by
    /// start, with source ids mapped to bundle indexes and the bundles' ranks.
    func statisticRows(_ query: ObjectQuery, type: HKQuantityType) async throws -> StatisticRows {
        try await database.writer.read { db in
            let bundles = try bundleIndex(in: db)
            let ranks = try ranks(for: type, bundles: bundles, in: db)
            var rows: [StatisticRow] = []
            let (condition, arguments, exact) = try whereClause(query, in: db)
            if exact {
                let cursor = try Row.fetchCursor(db, sql: "SELECT \(StatisticColumn.selectList()) FROM object WHERE \(condition) AND object.kind = 1 ORDER BY start",
                                                 arguments: arguments)
                while let row = try cursor.next() {
                    let source: Int64 = row[StatisticColumn.source]
                    rows.append(StatisticRow(start: row[StatisticColumn.start], end: row[StatisticColumn.end], value: row[StatisticColumn.value],
                                             source: bundles.bySource[source] ?? -1, count: row[StatisticColumn.count]))
                }
            } else {
                for case let sample as HKQuantitySample in try objects(query, in: db) where sample.series == nil {
                    let bundle = bundles.index[sample.sourceRevision.source.bundleIdentifier] ?? -1
                    rows.append(StatisticRow(start: sample.startDate.timeIntervalSince1970, end: sample.endDate.timeIntervalSince1970,
                                             value: sample.quantity.doubleValue(for: type.canonicalUnit), source: bundle, count: Int32(sample.count)))
                }
            }
            let before = rows.count
            try appendSeriesRows(query, bundles: bundles, to: &rows, in: db)
            if !exact || rows.count > before { rows.sort { $0.start < $1.start } }
            return StatisticRows(rows: rows, sources: bundles.sources, ranks: ranks)
        }
    }

    /// Appends the values of the quantity series that `query` selects, each
    /// kept when it would match as a sample of its own: statistics see a
    /// series value by value, as if each had been saved alone.
    ///
    /// Series are selected by overlap with the query's dates (a superset, see
    /// ``SampleFilter/relaxedForSeries``), then each value is checked against
    /// the whole filter with its own dates and value.
    private func appendSeriesRows(_ query: ObjectQuery, bundles: BundleIndex, to rows: inout [StatisticRow], in db: Database) throws {
        var seriesQuery = query
        seriesQuery.kinds = [.quantitySeries]
        seriesQuery.filter = query.filter?.relaxedForSeries
        seriesQuery.sort = nil
        seriesQuery.limit = nil
        seriesQuery.sqlOrder = "object.start"
        for case let sample as HKQuantitySample in try objects(seriesQuery, in: db) {
            let source = bundles.index[sample.sourceRevision.source.bundleIdentifier] ?? -1
            let filter = query.filter
            let unit = sample.series?.unit ?? sample.quantityType.canonicalUnit, canonical = sample.quantityType.canonicalUnit
            try QuantitySeriesChunks.forEachRow(of: sample.uuid, in: db) { row in
                var row = row
                row.source = source
                // The arithmetic of a plain sample's save, so statistics agree to the last bit.
                row.value = try unit.convert(row.value, to: canonical)
                if let filter, !filter.matches(sample, value: row) { return }
                rows.append(row)
            }
        }
    }

    struct BundleIndex {
        var bySource: [Int64: Int32] = [:]
        var index: [String: Int32] = [:]
        var sources: [HKSource] = []
    }

    private func bundleIndex(in db: Database) throws -> BundleIndex {
        var result = BundleIndex()
        for (id, revision) in try database.allSources(in: db).sorted(by: { $0.key < $1.key }) {
            let bundle = revision.source.bundleIdentifier
            if result.index[bundle] == nil {
                result.index[bundle] = Int32(result.sources.count)
                result.sources.append(revision.source)
            }
            result.bySource[id] = result.index[bundle]
        }
        return result
    }

    /// Source priority for a type: the explicit order first, then the order
    /// in which sources first wrote to the store.
    private func ranks(for type: HKQuantityType, bundles: BundleIndex, in db: Database) throws -> [Int32: Int] {
        let explicit = try Row.fetchAll(db, sql: "SELECT bundle FROM source_priority WHERE type = ? ORDER BY rank", arguments: [type.identifier])
            .map { $0["bundle"] as String }
        var ranks: [Int32: Int] = [:]
        for (position, bundle) in explicit.enumerated() { if let index = bundles.index[bundle] { ranks[index] = position } }
        for index in bundles.sources.indices where ranks[Int32(index)] == nil { ranks[Int32(index)] = explicit.count + index }
        return ranks
    }
}

extension ObjectReader {
    /// Running totals for one bucket.
    struct BucketTotals: Sendable {
        var index: Int
        var sum = 0.0
        var weightedSum = 0.0
        var weight = 0.0
        var minimum = Double.infinity
        var maximum = -Double.infinity
    }

    /// Totals per bucket in one ordered pass, when that is exact: every stored
    /// sample of the type is an instant (so each lies in exactly one bucket and
    /// the buckets are contiguous runs of the start-ordered rows) and the
    /// filter is fully expressed in SQL. Returns `nil` otherwise.
    ///
    /// - Parameter edges: Bucket boundaries in seconds since 1970 covering the
    ///   first and last start the closure receives.
    func instantBucketTotals(_ query: ObjectQuery, type: HKQuantityType,
                             edges: @Sendable (Double, Double) -> [Double]) async throws -> (boundaries: [Double], totals: [BucketTotals], sources: [HKSource])? {
        try await database.writer.read { db in
            guard let typeID = try database.existingTypeID(type.identifier, in: db) else { return ([], [], []) }
            let longest = try Double.fetchOne(db, sql: "SELECT max_duration FROM data_type WHERE id = ?", arguments: [typeID]) ?? 0
            guard longest == 0, query.filter?.isFullySQL ?? true else { return nil }
            let (condition, arguments, _) = try whereClause(query, in: db)
            guard let range = try Row.fetchOne(db, sql: "SELECT min(start) AS first, max(start) AS last FROM object WHERE \(condition)", arguments: arguments),
                  let first = range["first"] as Double?, let last = range["last"] as Double? else { return ([], [], []) }
            let boundaries = edges(first, last)
            guard boundaries.count >= 2 else { return nil }
            let statement = try db.makeStatement(sql: "SELECT \(BucketColumn.selectList()) FROM object WHERE \(condition) ORDER BY start")
            try statement.setArguments(arguments)
            let raw = statement.sqliteStatement
            defer { sqlite3_reset(raw) }
            var totals: [BucketTotals] = []
            var current = BucketTotals(index: 0)
            var used = false
            var sourceIDs: Set<Int64> = []
            var lastSource: Int64 = -1
            while true {
                let code = sqlite3_step(raw)
                if code == SQLITE_DONE { break }
                guard code == SQLITE_ROW else {
                    throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqlite3_db_handle(raw))))
                }
                let start = sqlite3_column_double(raw, BucketColumn.start.index)
                let value = sqlite3_column_double(raw, BucketColumn.value.index)
                let count = Double(sqlite3_column_int64(raw, BucketColumn.count.index))
                let source = sqlite3_column_int64(raw, BucketColumn.source.index)
                if source != lastSource { sourceIDs.insert(source); lastSource = source }
                if start >= boundaries[current.index + 1] {
                    if used { totals.append(current) }
                    var index = current.index + 1
                    while index + 1 < boundaries.count, start >= boundaries[index + 1] { index += 1 }
                    current = BucketTotals(index: index)
                    used = false
                }
                used = true
                current.sum += value
                current.weightedSum += value * count
                current.weight += count
                if value < current.minimum { current.minimum = value }
                if value > current.maximum { current.maximum = value }
            }
            if used { totals.append(current) }
            let revisions = try database.allSources(in: db)
            var sources: [HKSource] = []
            for id in sourceIDs.sorted() { if let source = revisions[id]?.source, !sources.contains(source) { sources.append(source) } }
            return (boundaries, totals, sources)
        }
    }
}

/// The columns a statistics query reads of each quantity sample.
private enum StatisticColumn: Int, ResultColumns {
    case start, end, value, source, count
    static let names = ["start", "end", "value", "source", "count"]
}

/// The columns the bucketed statistics read of each sample, straight from SQLite.
private enum BucketColumn: Int, ResultColumns {
    case start, value, count, source
    static let names = ["start", "value", "count", "source"]

    /// The column's index as SQLite's C functions take it.
    var index: Int32 { Int32(rawValue) }
}
