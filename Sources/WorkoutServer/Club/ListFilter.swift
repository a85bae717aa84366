import Foundation
import Hummingbird

/// A club list's filters: the web app's list query (`activity`, `from`, `to`,
/// `page`, `limit`) and `athlete`. The club lists newest first; `sort` is read
/// and checked but not used.
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
}
