import ArgumentParser
import Foundation
import OpenHealthKit

/// `workout stats TYPE`: statistics per day, hour, week or month.
struct Stats: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show statistics of one quantity type per interval.",
        discussion: "Cumulative types (steps, energy, distance) are summed; discrete types (heart rate, speed) show average, minimum and maximum."
    )

    enum Interval: String, ExpressibleByArgument, CaseIterable {
        case hour, day, week, month

        var components: DateComponents {
            switch self {
            case .hour: DateComponents(hour: 1)
            case .day: DateComponents(day: 1)
            case .week: DateComponents(weekOfYear: 1)
            case .month: DateComponents(month: 1)
            }
        }
    }

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: ArgumentHelp("A quantity type: heartRate, stepCount, activeEnergyBurned, …", valueName: "type"), transform: TypeName.parse)
    var type: TypeName

    @Option(help: "The interval: hour, day, week or month.")
    var by: Interval = .day

    @Option(help: ArgumentHelp("From this date (YYYY-MM-DD or ISO 8601).", valueName: "date"))
    var from: DateArgument?

    @Option(help: ArgumentHelp("Up to this date.", valueName: "date"))
    var to: DateArgument?

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    struct Bucket: Encodable {
        var start: Date
        var end: Date
        var unit: String
        var sum: Double?
        var average: Double?
        var minimum: Double?
        var maximum: Double?
    }

    func run() async throws {
        guard let quantityType = type.type as? HKQuantityType else {
            throw ValidationError("'\(type.type.shortName)' is not a quantity type; statistics need one such as heartRate or stepCount.")
        }
        let store = try storeOptions.openExisting()
        try await store.requestAuthorization(toShare: nil, read: [quantityType])
        let unit = try await store.preferredUnits(for: [quantityType])[quantityType] ?? quantityType.canonicalUnit
        let options: HKStatisticsOptions = quantityType.aggregationStyle == .cumulative
            ? .cumulativeSum : [.discreteAverage, .discreteMin, .discreteMax]
        let calendar = Calendar.current
        let anchor = calendar.startOfDay(for: from?.date ?? Date(timeIntervalSince1970: 0))
        let descriptor = HKStatisticsCollectionQueryDescriptor(
            predicate: .quantitySample(type: quantityType, predicate: HKQuery.predicateForSamples(withStart: from?.date, end: to?.date)),
            options: options, anchorDate: anchor, intervalComponents: by.components)
        let collection = try await descriptor.result(for: store)
        let buckets = collection.statistics().map { s in
            Bucket(start: s.startDate, end: s.endDate, unit: unit.unitString,
                   sum: s.sumQuantity()?.doubleValue(for: unit), average: s.averageQuantity()?.doubleValue(for: unit),
                   minimum: s.minimumQuantity()?.doubleValue(for: unit), maximum: s.maximumQuantity()?.doubleValue(for: unit))
        }
        if json {
            try printJSON(buckets)
            return
        }
        if buckets.isEmpty {
            print("No \(quantityType.shortName) samples in \(store.location).")
            return
        }
        let cumulative = quantityType.aggregationStyle == .cumulative
        let header = cumulative ? ["start", "sum (\(unit.unitString))"] : ["start", "average", "min", "max (\(unit.unitString))"]
        let rows = buckets.map { b -> [String] in
            cumulative ? [b.start.formatted(.iso8601), b.sum.map(formatNumber) ?? ""]
                : [b.start.formatted(.iso8601), b.average.map(formatNumber) ?? "", b.minimum.map(formatNumber) ?? "", b.maximum.map(formatNumber) ?? ""]
        }
        printTable(header: header, rows: rows)
    }
}
