public import Foundation

/// A type and a predicate, for queries over several types at once.
public final class HKQueryDescriptor: @unchecked Sendable {
    // Immutable after init.

    /// The type to read.
    public let sampleType: HKSampleType
    /// The predicate, if any.
    public let predicate: NSPredicate?

    /// Describes what to read.
    public init(sampleType: HKSampleType, predicate: NSPredicate?) {
        self.sampleType = sampleType
        self.predicate = predicate
    }
}
