import Foundation
import Hummingbird

/// A list's filters and order: the list query (`activity`, `from`, `to`, `sort`, `page`, `limit`) and, where
/// workouts have athletes, `athlete`; both servers' lists answer the same parameters in the same order.
struct ListFilter: Sendable {
    var query: WorkoutListQuery
    var athlete: String?

    /// The filters `request` asks for.
    ///
    /// - Parameters:
    ///   - largestPage: Most workouts on one page.
    ///   - readsAthlete: Whether `athlete=` is a filter here.
    /// - Throws: ``WorkoutListQueryError`` naming the parameter that cannot be read.
    init(_ request: Request, largestPage: Int, readsAthlete: Bool) throws(WorkoutListQueryError) {
        if let repeated = request.repeatedParameter(among: ["activity", "from", "to", "sort", "page", "limit", "athlete"]) {
            throw WorkoutListQueryError("\(repeated) is given more than once; give it once.")
        }
        let parameters = request.decodedParameters
        query = try WorkoutListQuery(parameters: parameters)
        guard query.pageSize <= largestPage else {
            throw WorkoutListQueryError("limit=\(query.pageSize) must be a number from 1 to \(largestPage).")
        }
        athlete = readsAthlete ? parameters["athlete"].flatMap { $0.isEmpty ? nil : $0 } : nil
    }

    /// The query string of these filters after `change` (with the athlete), for links.
    func queryString(_ change: (inout WorkoutListQuery) -> Void = { _ in }) -> String {
        let base = query.queryString(change)
        guard let athlete else { return base }
        let item = "athlete=\(athlete.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
        return base.isEmpty ? "?" + item : base + "&" + item
    }
}
