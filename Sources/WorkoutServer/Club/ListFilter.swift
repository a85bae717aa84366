import Foundation
import Hummingbird
import WorkoutClub

/// A club list's filters from the query: `activity`, `athlete`, `from` and `to` (YYYY-MM-DD), `page` and `limit`.
struct ListFilter: Sendable {
    var activity: String?
    var athlete: String?
    var from: Date?
    var to: Date?
    var page = 1
    var pageSize = 50

    /// The filters `request` asks for.
    ///
    /// - Throws: ``ClubError/invalid(_:)`` naming the parameter that cannot be read.
    init(_ request: Request, timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current) throws {
        func value(_ name: String) -> String? {
            request.uri.queryParameters[Substring(name)].map { String($0).removingPercentEncoding ?? String($0) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        activity = value("activity")
        athlete = value("athlete")
        for (name, keyPath) in [("from", \ListFilter.from), ("to", \ListFilter.to)] {
            guard let text = value(name) else { continue }
            guard let day = ClubRoutes.day(text, in: timeZone) else { throw ClubError.invalid("\(name)=\(text) is not a date; write YYYY-MM-DD.") }
            self[keyPath: keyPath] = name == "to" ? day.addingTimeInterval(86_400) : day
        }
        if let text = value("page") {
            guard let page = Int(text), page >= 1, page <= 1_000_000 else { throw ClubError.invalid("page=\(text) is not a page number (1, 2, …).") }
            self.page = page
        }
        if let text = value("limit") {
            guard let limit = Int(text), (1...500).contains(limit) else { throw ClubError.invalid("limit=\(text) is not between 1 and 500.") }
            pageSize = limit
        }
    }
}
