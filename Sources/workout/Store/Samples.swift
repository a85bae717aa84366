import ArgumentParser
import Foundation
import OpenHealthKit

/// `workout samples TYPE`: lists stored samples of one type.
struct Samples: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List stored samples of one type.",
        discussion: """
            Values are shown in the unit people expect (bpm, kcal, km); use --unit for another. \
            Samples from other apps are shown when the simulated user lets this tool read them.
            """
    )

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: ArgumentHelp("The type: heartRate, stepCount, activeEnergyBurned, … or a full HK identifier.", valueName: "type"), transform: TypeName.parse)
    var type: TypeName

    @Option(help: ArgumentHelp("Only samples ending at or after this date (YYYY-MM-DD or ISO 8601).", valueName: "date"))
    var from: DateArgument?

    @Option(help: ArgumentHelp("Only samples starting before this date.", valueName: "date"))
    var to: DateArgument?

    @Option(help: "The most samples to list, newest first.")
    var limit: Int?

    @Option(help: ArgumentHelp("The unit to show values in, such as count/min or kcal.", valueName: "unit"))
    var unit: String?

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func validate() throws {
        guard let unit else { return }
        do {
            _ = try HKUnit(parsing: unit)
        } catch {
            throw ValidationError(error.description)
        }
    }

    struct Row: Encodable {
        var uuid: String
        var start: Date
        var end: Date
        var value: Double?
        var unit: String?
        var categoryValue: Int?
        var source: String
    }

    func run() async throws {
        let store = try storeOptions.openExisting()
        guard let sampleType = type.type as? HKSampleType else {
            throw ValidationError("'\(type.type.shortName)' is a characteristic, not a sample type.")
        }
        try await store.requestAuthorization(toShare: nil, read: [sampleType])
        let predicate = HKQuery.predicateForSamples(withStart: from?.date, end: to?.date)
        let descriptor = HKSampleQueryDescriptor(predicates: [.sample(type: sampleType, predicate: predicate)],
                                                 sortDescriptors: [SortDescriptor(\.startDate, order: limit == nil ? .forward : .reverse)],
                                                 limit: limit)
        var samples = try await descriptor.result(for: store)
        if limit != nil { samples.reverse() }
        let displayUnit: HKUnit? = try await {
            guard let quantityType = sampleType as? HKQuantityType else { return nil }
            if let unit { return try HKUnit(parsing: unit) }
            return try await store.preferredUnits(for: [quantityType])[quantityType]
        }()
        if let displayUnit, let quantityType = sampleType as? HKQuantityType, !quantityType.is(compatibleWith: displayUnit) {
            throw ValidationError("\(quantityType.shortName) cannot be shown in \(displayUnit.unitString): it is measured in units like \(quantityType.canonicalUnit.unitString).")
        }
        var rows = samples.map { sample -> Row in
            var row = Row(uuid: sample.uuid.uuidString, start: sample.startDate, end: sample.endDate, source: sample.sourceRevision.source.name)
            if let quantity = (sample as? HKQuantitySample)?.quantity, let displayUnit {
                row.value = quantity.doubleValue(for: displayUnit)
                row.unit = displayUnit.unitString
            }
            if let workout = sample as? HKWorkout {
                row.value = workout.duration
                row.unit = "s"
            }
            row.categoryValue = (sample as? HKCategorySample)?.value
            return row
        }
        if let quantityType = sampleType as? HKQuantityType, let displayUnit {
            // A series (a live workout's readings) shows each of its values, under the series' identifier.
            rows = []
            let descriptor = HKQuantitySeriesSampleQueryDescriptor(predicate: .quantitySample(type: quantityType, predicate: predicate), options: .includeSample)
            for try await result in descriptor.results(for: store) {
                guard let sample = result.sample else { continue }
                rows.append(Row(uuid: sample.uuid.uuidString, start: result.dateInterval.start, end: result.dateInterval.end,
                                value: result.quantity.doubleValue(for: displayUnit), unit: displayUnit.unitString, source: sample.sourceRevision.source.name))
            }
            if let limit, rows.count > limit { rows.removeFirst(rows.count - limit) }
        }
        if json {
            try printJSON(rows)
            return
        }
        if rows.isEmpty {
            print("No \(sampleType.shortName) samples\(from == nil && to == nil ? "" : " in that period") in \(store.location).")
            return
        }
        let header = ["start", "end", "value", "source"]
        let table = rows.map { row -> [String] in
            let value = row.value.map { "\(formatNumber($0)) \(row.unit ?? "")" } ?? row.categoryValue.map(String.init) ?? ""
            return [row.start.formatted(.iso8601), row.end.formatted(.iso8601), value, row.source]
        }
        printTable(header: header, rows: table)
    }
}
