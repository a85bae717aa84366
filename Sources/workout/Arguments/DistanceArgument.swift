import WorkoutFormats
import ArgumentParser
import Foundation
import ScenarioModel

/// A distance as scenarios write it: `500m`, `5km`, `10 km`, `5mi`, `100yd`; a bare number is metres.
struct DistanceArgument: ExpressibleByArgument, Sendable {
    let meters: Double

    init?(argument: String) {
        guard let meters = UnitText.distance(argument), meters > 0, meters.isFinite else { return nil }
        self.meters = meters
    }
}
