public import Foundation

/// Finds health documents (CDA) of a type, as HealthKit declares the query. A store here holds no documents, as a
/// device that never received one: the handler is called once, with none and `done`.
public final class HKDocumentQuery: HKQuery, @unchecked Sendable {
    private let resultsHandler: @Sendable (HKDocumentQuery, [HKDocumentSample]?, Bool, (any Error)?) -> Void

    /// A query for up to `limit` documents of `documentType` matching `predicate`.
    @preconcurrency
    public init(documentType: HKDocumentType, predicate: NSPredicate?, limit: Int, sortDescriptors: [NSSortDescriptor]?, includeDocumentData: Bool,
                resultsHandler: @escaping @Sendable (HKDocumentQuery, [HKDocumentSample]?, Bool, (any Error)?) -> Void) {
        self.resultsHandler = resultsHandler
        super.init(objectType: documentType, predicate: predicate)
    }

    override func start(on store: HKHealthStore) async {
        if !isStopped { resultsHandler(self, [], true, nil) }
    }
}

/// Reads an electrocardiogram's voltages, as HealthKit declares the query. No electrocardiogram is ever in a store
/// here, so one passed in has no measurements: the handler hears `done` at once.
public final class HKElectrocardiogramQuery: HKQuery, @unchecked Sendable {
    /// What the data handler hears: each measurement in turn, then `done`, or an error.
    public enum Result: Sendable {
        /// One measurement.
        case measurement(HKElectrocardiogram.VoltageMeasurement)
        /// Every measurement has been delivered.
        case done
        /// The query failed.
        case error(any Error)
    }

    private let dataHandler: @Sendable (HKElectrocardiogramQuery, Result) -> Void

    /// A query for `electrocardiogram`'s voltages.
    @preconcurrency
    public init(_ electrocardiogram: HKElectrocardiogram, dataHandler: @escaping @Sendable (HKElectrocardiogramQuery, Result) -> Void) {
        self.dataHandler = dataHandler
        super.init(objectType: HKElectrocardiogramType(), predicate: nil)
    }

    override func start(on store: HKHealthStore) async {
        if !isStopped { dataHandler(self, .done) }
    }
}

/// Finds verifiable health records (SMART Health Cards), as HealthKit declares the query. None is ever found here, as
/// on a device whose user shared none: the handler hears an empty list.
public final class HKVerifiableClinicalRecordQuery: HKQuery, @unchecked Sendable {
    /// The record types asked for.
    public let recordTypes: [String]
    /// The sources asked for.
    public let sourceTypes: [HKVerifiableClinicalRecordSourceType]
    private let resultsHandler: @Sendable (HKVerifiableClinicalRecordQuery, [HKVerifiableClinicalRecord]?, (any Error)?) -> Void

    /// A query for records of `recordTypes` from `sourceTypes` matching `predicate`.
    @preconcurrency
    public init(recordTypes: [String], sourceTypes: [HKVerifiableClinicalRecordSourceType], predicate: NSPredicate?,
                resultsHandler: @escaping @Sendable (HKVerifiableClinicalRecordQuery, [HKVerifiableClinicalRecord]?, (any Error)?) -> Void) {
        self.recordTypes = recordTypes
        self.sourceTypes = sourceTypes
        self.resultsHandler = resultsHandler
        super.init(objectType: nil, predicate: predicate)
    }

    /// A query for records of `recordTypes` matching `predicate`, from SMART Health Cards.
    @preconcurrency
    public convenience init(recordTypes: [String], predicate: NSPredicate?,
                            resultsHandler: @escaping @Sendable (HKVerifiableClinicalRecordQuery, [HKVerifiableClinicalRecord]?, (any Error)?) -> Void) {
        self.init(recordTypes: recordTypes, sourceTypes: [.smartHealthCard], predicate: predicate, resultsHandler: resultsHandler)
    }

    override func start(on store: HKHealthStore) async {
        if !isStopped { resultsHandler(self, [], nil) }
    }
}
