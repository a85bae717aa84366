import Foundation
internal import GRDB
internal import GRDBSQLite

/// Reads the positions of a route, in time order, in batches.
public final class HKWorkoutRouteQuery: HKQuery, @unchecked Sendable {
    /// The handler's arguments: the query, a batch of positions, whether this is the last batch, an error.
    public typealias DataHandler = @Sendable (HKWorkoutRouteQuery, [CLLocation]?, Bool, (any Error)?) -> Void

    private let route: HKWorkoutRoute
    private let dataHandler: DataHandler

    /// A query for the positions of `workoutRoute`.
    public init(route workoutRoute: HKWorkoutRoute, dataHandler: @escaping DataHandler) {
        self.route = workoutRoute
        self.dataHandler = dataHandler
        super.init(objectType: HKSeriesType.workoutRoute(), predicate: nil)
    }

    override func start(on store: HKHealthStore) async {
        do {
            let locations = try await store.routeLocations(route.uuid)
            let batchSize = 1000
            var index = 0
            repeat {
                let batch = Array(locations[index..<min(index + batchSize, locations.count)])
                index += batchSize
                if isStopped { return }
                dataHandler(self, batch, index >= locations.count, nil)
            } while index < locations.count
        } catch {
            if !isStopped { dataHandler(self, nil, true, error) }
        }
    }
}
