public import Foundation
import OpenHealthKitCore
import WorkoutFormats
public import WorkoutCatalog

/// Which workouts a list shows and in what order: the list page's and
/// `/api/workouts`' query string (`?activity=running&from=2026-05-01&sort=-distance&page=2`).
public struct WorkoutListQuery: Sendable, Equatable {
    /// What the list is sorted by.
    public typealias SortKey = WorkoutSummary.SortKey

    /// Only this activity (HealthKit's case name), or all.
    public var activity: String?
    /// Only workouts starting on or after this day (UTC).
    public var from: Date?
    /// Only workouts starting before the end of this day (UTC).
    public var to: Date?
    /// The sort key.
    public var sort: SortKey = .start
    /// Largest first (the default for the start: newest first).
    public var descending = true
    /// The page, from 1.
    public var page = 1
    /// Workouts per page, 1 to 1,000.
    public var pageSize = 50

    /// The default list: every workout, newest first, 50 a page.
    public init() {}

    /// A query from a URL's query items.
    /// - Throws: ``WorkoutListQueryError`` naming the parameter that cannot be used.
    public init(parameters: [String: String]) throws(WorkoutListQueryError) {
        // HealthKit's case names, in any case: `swimbikerun` is `swimBikeRun`.
        if let activity = parameters["activity"], !activity.isEmpty { self.activity = HKWorkoutActivityType(name: activity)?.name ?? activity }
        if let from = parameters["from"], !from.isEmpty { self.from = try Self.day(from, parameter: "from") }
        if let to = parameters["to"], !to.isEmpty { self.to = try Self.day(to, parameter: "to").addingTimeInterval(86_400) }
        if let sort = parameters["sort"], !sort.isEmpty {
            let name = sort.hasPrefix("-") ? String(sort.dropFirst()) : sort
            guard let key = SortKey(rawValue: name) else {
                throw WorkoutListQueryError("sort=\(sort) is not a sort key; use one of \(SortKey.allCases.map(\.rawValue).joined(separator: ", ")), with - before it for largest first.")
            }
            self.sort = key
            descending = sort.hasPrefix("-")
        }
        if let page = parameters["page"], !page.isEmpty {
            // Bounded, so that a page's first index (page − 1 × size) cannot overflow.
            guard let number = Int(page), (1...1_000_000).contains(number) else {
                throw WorkoutListQueryError("page=\(page) is not a page number; pages count from 1 to 1,000,000.")
            }
            self.page = number
        }
        if let size = parameters["limit"], !size.isEmpty {
            guard let number = Int(size), (1...1_000).contains(number) else { throw WorkoutListQueryError("limit=\(size) must be a number from 1 to 1000.") }
            pageSize = number
        }
    }

    /// The query string giving this query, changed by `change`, for links.
    public func queryString(_ change: (inout WorkoutListQuery) -> Void = { _ in }) -> String {
        var query = self
        change(&query)
        var items: [String] = []
        if let activity = query.activity { items.append("activity=\(activity.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")") }
        if let from = query.from { items.append("from=\(Self.dayText(from))") }
        if let to = query.to { items.append("to=\(Self.dayText(to.addingTimeInterval(-86_400)))") }
        if query.sort != .start || !query.descending { items.append("sort=\(query.descending ? "-" : "")\(query.sort.rawValue)") }
        if query.page != 1 { items.append("page=\(query.page)") }
        if query.pageSize != 50 { items.append("limit=\(query.pageSize)") }
        return items.isEmpty ? "" : "?" + items.joined(separator: "&")
    }

    /// Whether the query's filters keep `summary`.
    func matches(_ summary: WorkoutSummary) -> Bool {
        (activity == nil || summary.activity == activity)
            && (from.map { summary.start >= $0 } ?? true) && (to.map { summary.start < $0 } ?? true)
    }

    /// The order of the query's sort: which is what it sorts by, and which way.
    struct Order: Hashable {
        var key: SortKey
        var descending: Bool
    }

    /// The query's order.
    var order: Order { Order(key: sort, descending: descending) }

    /// The indices of `summaries` in `order` (ties by start, newest first, then by identifier).
    /// Sorts indices by precomputed keys: sorting 10,000 summaries themselves
    /// copied and retained their strings at every comparison.
    static func sortedIndices(of summaries: [WorkoutSummary], by order: Order) -> [Int] {
        let values: [Double] = summaries.map { summary in
            switch order.key {
            case .start, .activity: summary.start.timeIntervalSinceReferenceDate
            case .duration: summary.durationSeconds
            case .distance: summary.distanceMeters ?? -1
            case .energy: summary.energyKilocalories ?? -1
            case .heartRate: summary.averageHeartRate ?? -1
            }
        }
        let starts = summaries.map(\.start.timeIntervalSinceReferenceDate)
        let activities = order.key == .activity ? summaries.map(\.activity) : []
        return summaries.indices.sorted { a, b in
            if order.key == .activity, activities[a] != activities[b] { return order.descending ? activities[a] > activities[b] : activities[a] < activities[b] }
            if values[a] != values[b] { return order.descending ? values[a] > values[b] : values[a] < values[b] }
            return starts[a] != starts[b] ? starts[a] > starts[b] : summaries[a].id < summaries[b].id
        }
    }

    private static func day(_ text: String, parameter: String) throws(WorkoutListQueryError) -> Date {
        guard let date = day(text, in: TimeZone(secondsFromGMT: 0) ?? .current) else {
            throw WorkoutListQueryError("\(parameter)=\(text) is not a day; give it as YYYY-MM-DD.")
        }
        return date
    }

    /// Midnight of a `YYYY-MM-DD` day in `timeZone`, or nil for anything else (a 31 February too).
    static func day(_ text: String, in timeZone: TimeZone) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { $0.allSatisfy(\.isASCII) ? Int($0) : nil }
        guard parts.count == 3, let year = parts[0], let month = parts[1], let day = parts[2] else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: year, month: month, day: day)
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)
    }

    private static func dayText(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
