import Foundation

/// The actions of a run of readings, sorted as they come: samples, derived
/// quantities and positions, and their rows grouped by type to count, until
/// the first action that must be carried out between readings (an event, a
/// pause or resume, a heartbeat, a marker), after which every action waits,
/// in order, in ``afterwards``.
///
/// A batch is the ``LiveActionSink`` the live data source absorbs runs into:
/// a run costs one lock and one count however many readings it holds.
struct LiveReadingsBatch: LiveActionSink {
    /// Samples from sources, to count and write.
    private(set) var samples: [HKSample] = []
    /// Quantities derived from readings, to count and write.
    private(set) var derived: [DerivedQuantity] = []
    /// Positions for the route.
    private(set) var locations: [CLLocation] = []
    /// The rows of both kinds of quantities, grouped by type, to count.
    private(set) var rows: TypedRows.Groups
    /// The actions from the first that cannot be batched on, in order.
    private(set) var afterwards: [LiveReadingsMachine.Action] = []

    /// A batch with room for about `expectedReadings` readings.
    init(expectedReadings: Int) {
        // Room up front: growing by doubling would copy them over and over.
        samples.reserveCapacity(expectedReadings)
        derived.reserveCapacity(2 * expectedReadings)
        locations.reserveCapacity(expectedReadings)
        rows = TypedRows.Groups(expectedRows: expectedReadings)
    }

    /// Whether an action that must be carried out between readings has come:
    /// the run ends after the reading that caused it.
    var isInterrupted: Bool { !afterwards.isEmpty }

    /// Whether nothing to count or write was gathered (before ``afterwards``).
    var isEmpty: Bool { samples.isEmpty && derived.isEmpty && locations.isEmpty }

    /// Sorts `action` into the batch, or after it once the batch is interrupted.
    mutating func perform(_ action: LiveReadingsMachine.Action) {
        guard afterwards.isEmpty else {
            afterwards.append(action)
            return
        }
        switch action {
        case .collect(let sample):
            samples.append(sample)
            rows.append(StatisticRow(sample), of: sample.quantityType)
        case .derive(let quantity):
            derived.append(quantity)
            rows.append(quantity)
        case .route(let location):
            locations.append(location)
        case .generate, .pauseSession, .resumeSession, .addHeartbeat, .mark:
            afterwards.append(action)
        }
    }

    /// Leaves the positions out: they counted toward distance, but no route is written.
    mutating func leaveOutLocations() {
        locations = []
    }
}
