import Foundation
import Hummingbird
import OpenHealthKitCore
import WorkoutLibrary

/// The rider's fitness over a range of days, from the store: the page and `GET /api/fitness`, the same
/// ``FitnessReport`` that `workout fitness --json` prints.
struct FitnessRoutes {
    let catalog: ServedStore

    /// The query both take: `days` (the range, ending today) or `from` and `to` (`2026-03-01`).
    struct Range {
        var days: Int?
        var from: String?
        var to: String?

        init(days: Int?, from: String? = nil, to: String? = nil) {
            self.days = days
            self.from = from
            self.to = to
        }

        /// The range `request`'s query asks for.
        init(_ request: Request) throws {
            try request.requireSingle(["days", "from", "to", "athlete"])
            let query = request.uri.queryParameters
            if let text = query["days"] {
                guard let days = Int(text), days > 0 else { throw WebError.badRequest("Bad days", "Give days as a whole number of days, such as 90; got \(text).") }
                self.days = days
            }
            from = query["from"].map(String.init)
            to = query["to"].map(String.init)
        }

        /// The range a page shows: as asked, 90 days when neither a length nor a first day is given.
        var forPage: Range { Range(days: from == nil ? (days ?? 90) : days, from: from, to: to) }

        /// The page's address for `days` days ending where this range ends.
        func link(days: Int) -> String { "/fitness?days=\(days)" + (to.map { "&to=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" } ?? "") }
    }

    var routes: RouteCollection<BasicRequestContext> {
        let routes = RouteCollection(context: BasicRequestContext.self)
        routes.get("/fitness") { request, _ in
            let range = try Range(request).forPage
            return ServerResponse.html(FitnessPage.render(try await report(range), range: range))
        }
        routes.get("/api/fitness") { request, _ in
            ServerResponse.json(try await report(try Range(request)))
        }
        return routes
    }

    func report(_ range: Range) async throws -> FitnessReport {
        let history = try await TrainingHistory(store: catalog.library.store, timeZone: catalog.configuration.timeZone)
        let days = try range.days(today: history.day(of: catalog.configuration.clock.now))
        return try await history.fitnessReport(firstDay: days.first, lastDay: days.last)
    }
}

extension FitnessRoutes.Range {
    /// The most days one request covers: ten years. Every day is a row of the report (and of its JSON), so a
    /// longer range is refused rather than computed: `from=0001-01-01&to=9999-12-31` would be 3.65 million rows.
    static let maximumDays = 3_660

    /// The day numbers the range covers: `from`–`to`, else `days` (90 unless given) ending `to` or `today`; at
    /// most ``maximumDays``, else a 400 that says so.
    func days(today: Int) throws -> (first: Int, last: Int) {
        func day(_ text: String?, _ name: String) throws -> Int? {
            guard let text else { return nil }
            guard let date = try? Date(text + "T00:00:00Z", strategy: .iso8601) else {
                throw WebError.badRequest("Bad \(name)", "Give \(name) as a day, such as 2026-03-01; got \(text).")
            }
            return Int(date.timeIntervalSince1970 / 86_400)
        }
        let last = try day(to, "to") ?? today
        if let days, days > Self.maximumDays {
            throw WebError.badRequest("Range too long", "Give at most \(Self.maximumDays.formatted()) days (ten years) at once; got \(days.formatted()).")
        }
        let first = try day(from, "from") ?? last - max(1, days ?? 90) + 1
        guard first <= last else { throw WebError.badRequest("Bad range", "from (\(from ?? "")) is after to (\(to ?? "")).") }
        guard last - first < Self.maximumDays else {
            throw WebError.badRequest("Range too long", "Give at most \(Self.maximumDays.formatted()) days (ten years) at once; from \(from ?? "") to \(to ?? "today") is \((last - first + 1).formatted()) days.")
        }
        return (first, last)
    }
}
