import Foundation

/// The quantity series a live workout's readings grow into: one for each type
/// and device (and one for each derived type), extended at every write.
///
/// The writer hands readings over at least once a second (``PendingWrites``),
/// so a crash still loses at most a second; each write appends what it holds
/// to the series still open, rewriting only the series' row and its last,
/// partial chunk. A day at 1 Hz is a few series of compressed chunks, not a
/// row per reading, whether it was recorded live or replayed.
///
/// A reading that a series cannot take (metadata of its own, another unit,
/// out of order, overlapping the one before, or past the longest a sample of
/// its type may last) closes its series and starts the next, or, with
/// metadata, is saved as a sample of its own.
///
/// Pure bookkeeping: ``plan(type:samples:derived:)`` says what to save, and
/// ``commit(_:)`` takes the plan once the store has saved it, so a write the
/// store refuses leaves the series as they are in the store.
struct LiveSeries: Sendable {
    /// What a series gathers: one type from one device, or one derived type.
    struct Key: Hashable, Sendable {
        var type: String
        var device: HKDevice?
        var derived: Bool
    }

    /// A series being grown.
    struct Open: Sendable {
        let uuid: UUID
        let type: HKQuantityType
        let unit: HKUnit
        let device: HKDevice?
        let start: Double
        var lastStart: Double
        var end: Double
        var summary: QuantitySeriesSummary
        /// Chunks filled since the series was last saved.
        var filled: [CompressedRows] = []
        /// The chunk being filled, rewritten at each save with what follows
        /// it: each write encodes only the values it adds.
        var tail = CompressedRows.Encoder()
        /// The start of the first value in ``tail``.
        var tailStart: Double
        /// Whether the store holds ``tail`` as a chunk (a series of one value has none).
        var tailStored = false

        init(type: HKQuantityType, unit: HKUnit, device: HKDevice?, first row: StatisticRow) {
            uuid = ObjectUUID.next()
            self.type = type
            self.unit = unit
            self.device = device
            start = row.start
            lastStart = row.start
            end = row.end
            summary = QuantitySeriesSummary(row)
            tailStart = row.start
            tail.append(row)
        }

        /// Whether `row`, in `unit`, may follow the series' values.
        func accepts(_ row: StatisticRow, unit: HKUnit) -> Bool {
            guard unit == self.unit, row.start > lastStart, row.start >= end else { return false }
            if let maximum = type.maximumDuration, Swift.max(end, row.end) - start > maximum { return false }
            return true
        }

        /// Appends `row` when the series takes it (``accepts(_:unit:)``), in place; false when it does not.
        mutating func append(_ row: StatisticRow, ifAcceptedIn unit: HKUnit) -> Bool {
            guard accepts(row, unit: unit) else { return false }
            append(row)
            return true
        }

        mutating func append(_ row: StatisticRow) {
            summary.add(row)
            lastStart = row.start
            end = Swift.max(end, row.end)
            if tail.count == QuantitySeriesChunks.valuesPerChunk {
                filled.append(tail.rows)
                tail = CompressedRows.Encoder()
            }
            if tail.count == 0 { tailStart = row.start }
            tail.append(row)
        }

        /// The sample to save: its summary covers every value, its chunks are
        /// those filled since the last save and the tail.
        var sample: HKQuantitySample {
            .series(type: type, unit: unit, summary: summary, chunks: summary.count > 1 ? filled + [tail.rows] : [],
                    start: start, end: end, device: device, metadata: nil, uuid: uuid)
        }

        /// The series once saved: the filled chunks are stored, and a full
        /// tail is too, the next value starting a chunk of its own.
        func saved() -> Open {
            var saved = self
            guard summary.count > 1 else { return saved }
            saved.filled = []
            if saved.tail.count == QuantitySeriesChunks.valuesPerChunk { saved.tail = CompressedRows.Encoder() }
            saved.tailStored = saved.tail.count > 0
            return saved
        }
    }

    /// A series to save in place of its stored version.
    struct Write: Sendable {
        /// The series as it now is: its whole summary, and its tail's chunks.
        let sample: HKQuantitySample
        /// The start of the stored chunk that the sample's chunks replace, if any.
        let replacingChunksFrom: Double?
    }

    /// What one write saves for one type.
    struct Plan: Sendable {
        /// Samples saved as they are: readings with metadata, and other sample types.
        var samples: [HKSample] = []
        /// Series, new or grown.
        var series: [Write] = []
        fileprivate var open: [Key: Open] = [:]
    }

    private(set) var open: [Key: Open] = [:]

    /// What to save for `samples` and `derived` quantities, all of `type`.
    func plan(type: HKSampleType, samples: [HKSample], derived: [DerivedQuantity]) -> Plan {
        var plan = Plan()
        guard let quantityType = type as? HKQuantityType else {
            plan.samples = samples
            return plan
        }
        // Series this write extends or starts, each changed in place (a copy
        // per reading would copy its tail each time); `growing` says which of
        // them each key is extending now.
        var touched: [Open] = []
        var replacing: [Double?] = []
        var growing: [Key: Int] = [:]
        /// Adds `row` to the series it belongs to, returning that series' index:
        /// the one at `hint` when it takes the row (found without hashing the
        /// key), else the one `key` is growing, else the stored one, else a new one.
        func add(_ row: StatisticRow, unit: HKUnit, hint: Int?, key: @autoclosure () -> Key) -> Int {
            if let hint, touched[hint].append(row, ifAcceptedIn: unit) { return hint }
            let key = key()
            if let index = growing[key], touched[index].append(row, ifAcceptedIn: unit) { return index }
            if growing[key] == nil, var series = open[key], series.accepts(row, unit: unit) {
                replacing.append(series.tailStored ? series.tailStart : nil)
                series.append(row)
                touched.append(series)
            } else {
                replacing.append(nil)
                touched.append(Open(type: quantityType, unit: unit, device: key.device, first: row))
            }
            growing[key] = touched.count - 1
            return touched.count - 1
        }
        // Readings in a row from one device go to one series. The previous reading is kept, not its device:
        // comparing devices in place copies none of their strings.
        var recent: (sample: HKQuantitySample, index: Int)?
        for sample in samples {
            guard let quantity = sample as? HKQuantitySample, quantity.series == nil, quantity.metadata == nil, quantity.count == 1 else {
                plan.samples.append(sample)
                continue
            }
            let value = quantity.quantity
            let row = StatisticRow(start: quantity.startDate.timeIntervalSince1970, end: quantity.endDate.timeIntervalSince1970,
                                   value: value.value, source: 0, count: 1)
            let hint = recent.flatMap { $0.sample.device == quantity.device ? $0.index : nil }
            recent = (quantity, add(row, unit: value.unit, hint: hint, key: Key(type: type.identifier, device: quantity.device, derived: false)))
        }
        var derivedIndex: Int?
        for quantity in derived {
            derivedIndex = add(quantity.row, unit: quantityType.canonicalUnit, hint: derivedIndex,
                               key: Key(type: type.identifier, device: nil, derived: true))
        }
        plan.series = zip(touched, replacing).map { series, replacing in Write(sample: series.sample, replacingChunksFrom: replacing) }
        plan.open = growing.mapValues { touched[$0].saved() }
        return plan
    }

    /// Takes `plan`'s series as saved.
    mutating func commit(_ plan: Plan) {
        for (key, series) in plan.open { open[key] = series }
    }
}
