public import Foundation
public import OpenHealthKitCore
import WorkoutFormats

extension HKHealthStore {
    /// Every quantity of `type` that `predicate` selects, each as a sample of
    /// its own, in order of start: a plain sample as it is, and each value of
    /// a quantity series (a live workout's readings, or a series builder's)
    /// as a sample with the series' device and metadata.
    ///
    /// For readers that go through readings one by one (exports, lap tables);
    /// statistics read series on their own.
    public func quantitySamples(_ type: HKQuantityType, predicate: NSPredicate?) async throws -> [HKQuantitySample] {
        var samples: [HKQuantitySample] = []
        let descriptor = HKQuantitySeriesSampleQueryDescriptor(predicate: .quantitySample(type: type, predicate: predicate), options: .includeSample)
        for result in try await descriptor.allResults(for: self) {
            guard let sample = result.sample else { continue }
            if sample.count == 1 {
                samples.append(sample)
            } else {
                samples.append(HKQuantitySample(type: type, quantity: result.quantity, start: result.dateInterval.start, end: result.dateInterval.end,
                                                device: sample.device, metadata: sample.metadata))
            }
        }
        return samples
    }
}
