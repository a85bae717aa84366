public import Foundation
public import OpenHealthKitCore
public import WorkoutFormats
public import WorkoutLibrary
public import WorkoutCatalog

/// The store's workouts as the web app sees them: a list kept current with an
/// anchored query, and each workout's activity, samples and files.
///
/// The list is read once, then brought up to date before each use with the
/// changes since the last anchor, so a store of 10,000 workouts is listed
/// without reading them all again, and workouts recorded or deleted by
/// another process (a running `workout record`) appear at the next request.
public actor StoreCatalog {
    /// The store served.
    public let store: HKHealthStore
    private var summaries: [String: WorkoutSummary] = [:]
    private var anchor: HKQueryAnchor?
    /// The summaries in a fixed order, and orders of their indices by sort, until the next change.
    private var entries: [WorkoutSummary]?
    private var orders: [WorkoutListQuery.Order: [Int]] = [:]
    private var activityNames: [String]?
    /// Each public workout's identifier by its link's token.
    private var shared: [String: String] = [:]

    /// The library of `store`.
    public init(store: HKHealthStore) {
        self.store = store
    }

    /// Every workout's summary, current as of this call.
    public func allSummaries() async throws -> [WorkoutSummary] {
        try await refresh()
        return Array(summaries.values)
    }

    /// Every workout's summary with its best efforts: those saved before efforts were kept have theirs
    /// computed once and kept (``HKHealthStore/keepMissingEfforts()``), so the next call reads no records.
    public func summariesWithEfforts() async throws -> [WorkoutSummary] {
        try await refresh()
        if summaries.values.contains(where: { $0.efforts == nil }) {
            try await store.keepMissingEfforts()
            try await refresh()
        }
        return Array(summaries.values)
    }

    /// The workouts matching `query`, sorted and cut to its page; how many matched in
    /// all; and the activities of every stored workout, for the list's filter.
    public func list(_ query: WorkoutListQuery) async throws -> (page: [WorkoutSummary], matching: Int, activities: [String]) {
        try await refresh()
        let entries = self.entries ?? Array(summaries.values)
        self.entries = entries
        let order = orders[query.order] ?? WorkoutListQuery.sortedIndices(of: entries, by: query.order)
        orders[query.order] = order
        let first = (query.page - 1) * query.pageSize
        var page: [WorkoutSummary] = []
        var matching = 0
        for index in order where query.matches(entries[index]) {
            if matching >= first, page.count < query.pageSize { page.append(entries[index]) }
            matching += 1
        }
        let names = activityNames ?? Set(entries.map(\.activity)).sorted()
        activityNames = names
        return (page, matching, names)
    }

    /// The workout whose identifier is `id` (its full UUID, any case, or its first characters when only one
    /// starts so), or nil.
    public func workout(_ id: String) async throws -> HKWorkout? {
        var uuid = UUID(uuidString: id)
        if uuid == nil, let prefix = ShortIdentifier(id) {
            // The first characters of one (at least 8, as the lists and the CLI show them), when only one starts so:
            // looked up among the summaries the catalog keeps, not by reading every workout.
            try await refresh()
            let matches = summaries.keys.filter { $0.hasPrefix(prefix.text) }
            if matches.count == 1 { uuid = UUID(uuidString: matches[0]) }
        }
        guard let uuid else { return nil }
        let predicate = HKQuery.predicateForObject(with: uuid)
        return try await HKSampleQueryDescriptor(predicates: [.workout(predicate)], sortDescriptors: [], limit: 1).result(for: store).first
    }

    /// The public workout whose link holds `token`, or nil.
    public func workout(sharedBy token: String) async throws -> HKWorkout? {
        try await refresh()
        guard let id = shared[token] else { return nil }
        return try await workout(id)
    }

    /// The workout as an activity, with its samples and route.
    public func activity(of workout: HKWorkout) async throws -> Activity {
        try await Activity(workout: workout, in: store)
    }

    /// The workout as it is exported: its activity with the training figures of the athlete's
    /// values on its date (``Activity/statingTraining(athlete:)``).
    public func downloadedActivity(of workout: HKWorkout) async throws -> Activity {
        try await store.exportedActivity(of: workout)
    }

    /// The workout as a FIT, TCX or GPX file.
    public func file(of workout: HKWorkout, as format: ActivityFileFormat) async throws -> Data {
        try DownloadedFile.data(try await downloadedActivity(of: workout), as: format)
    }

    /// The file the workout was imported from, byte for byte, if it was kept.
    public func originalFile(of workout: HKWorkout) async throws -> (attachment: HKAttachment, data: Data)? {
        try await store.originalFile(of: workout)
    }

    /// The attachment holding the file the workout was imported from, without its bytes.
    public func originalFileAttachment(of workout: HKWorkout) async throws -> HKAttachment? {
        try await store.originalFileAttachment(of: workout)
    }

    /// Reads an uploaded file and stores it as a workout.
    ///
    /// - Throws: ``UploadError`` when the file cannot be read or is stored already; nothing is stored then.
    func importFile(_ file: UploadedFile) async throws -> HKWorkout {
        let activity = try file.activity()
        let importer = ActivityImporter(store: store)
        if let existing = try await importer.existingWorkout(for: activity) {
            throw UploadError.duplicate(existing.uuid.uuidString)
        }
        let workout = try await importer.importActivity(activity, from: file.keptName, original: file.data)
        try await refresh()
        return workout
    }

    /// Applies a rider's edit (``HKHealthStore/edit(_:_:)``): the workout as it now is, under a new
    /// identifier when its sport changed.
    public func edit(_ workout: HKWorkout, _ edit: WorkoutEdit) async throws -> HKWorkout {
        let edited = try await store.edit(workout, edit)
        try await refresh()
        return edited
    }

    /// Deletes a workout with its samples.
    public func delete(_ workout: HKWorkout) async throws {
        try await store.deleteWorkoutAndSamples(workout)
        try await refresh()
    }

    /// Applies the store's changes since the last anchor.
    private func refresh() async throws {
        let changes = try await HKAnchoredObjectQueryDescriptor(predicates: [.workout()], anchor: anchor).result(for: store)
        for deleted in changes.deletedObjects {
            summaries[deleted.uuid.uuidString] = nil
            shared = shared.filter { $0.value != deleted.uuid.uuidString }
        }
        for workout in changes.addedSamples {
            summaries[workout.uuid.uuidString] = WorkoutSummary(workout)
            shared = shared.filter { $0.value != workout.uuid.uuidString }
            if let token = workout.metadata?[OpenHealthKitMetadataKeyShareToken] as? String { shared[token] = workout.uuid.uuidString }
        }
        anchor = changes.newAnchor
        if !changes.deletedObjects.isEmpty || !changes.addedSamples.isEmpty {
            entries = nil
            orders = [:]
            activityNames = nil
        }
    }
}
