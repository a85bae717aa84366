import Foundation
import Hummingbird
import WorkoutClub

/// A club list's filters and order: the web app's list query (`activity`,
/// `from`, `to`, `sort`, `page`, `limit`) and `athlete`, so that the club's
/// list answers the same parameters in the same order as the one-athlete server's.
struct ListFilter: Sendable {
    var query: WorkoutListQuery
    var athlete: String?

    /// Most workouts on one page of the club's list.
    static let largestPage = 500

    /// The filters `request` asks for.
    ///
    /// - Throws: ``WorkoutListQueryError`` naming the parameter that cannot be read.
    init(_ request: Request) throws(WorkoutListQueryError) {
        let parameters = request.decodedParameters
        query = try WorkoutListQuery(parameters: parameters)
        guard query.pageSize <= Self.largestPage else {
            throw WorkoutListQueryError("limit=\(query.pageSize) must be a number from 1 to \(Self.largestPage).")
        }
        athlete = parameters["athlete"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The club's order for the query's sort.
    var order: ClubListOrder { ClubListOrder(query.sort, descending: query.descending) }

    /// The query string of these filters after `change` (with the athlete), for links.
    func queryString(_ change: (inout WorkoutListQuery) -> Void = { _ in }) -> String {
        let base = query.queryString(change)
        guard let athlete else { return base }
        let item = "athlete=\(athlete.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
        return base.isEmpty ? "?" + item : base + "&" + item
    }
}
