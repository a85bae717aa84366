public import Foundation
internal import GRDB
import Synchronization

/// The way into health data: authorization, saving, deleting and queries.
///
/// `HKHealthStore()` opens the embedded store named by the environment (see
/// ``StoreLocation``). Every store object for the same location, in this
/// process or another, sees the same data.
///
/// ```swift
/// let store = HKHealthStore()
/// try await store.requestAuthorization(toShare: [HKQuantityType(.heartRate)], read: [HKQuantityType(.heartRate)])
/// let bpm = HKUnit.count().unitDivided(by: .minute())
/// let sample = HKQuantitySample(type: HKQuantityType(.heartRate),
///                               quantity: HKQuantity(unit: bpm, doubleValue: 72), start: now, end: now)
/// try await store.save(sample)
/// ```
///
/// The simulated user grants every request unless an ``HKAuthorizationPolicy``
/// (``authorizationPolicy`` or `$OPENHEALTHKIT_AUTHORIZATION`) denies some types.
public final class HKHealthStore: Sendable {
    /// Where this store's data lives.
    public let location: StoreLocation
    /// The app the store acts for: the source of the objects it saves.
    public let source: HKSource

    private let opened: Result<StoreDatabase, HKError>
    private let policy: Mutex<HKAuthorizationPolicy>
    private let policyError: HKAuthorizationPolicy.ParseError?
    private let queries = Mutex<[ObjectIdentifier: HKQuery]>([:])
    /// Requests known to have been made ("type|access"); a request is never withdrawn, so yes answers can be kept.
    private let knownRequests = Mutex<Set<String>>([])
    /// The companion's mirroring handler and listener (``workoutSessionMirroringStartHandler``).
    let companion = CompanionSlot()
    /// The watch apps ``startWatchApp(toHandle:)`` started, kept so that they are not reaped early.
    let watchApps = Mutex<[Process]>([])

    /// Opens the store named by the environment.
    ///
    /// Like Apple's, this never fails: if the store cannot be opened, every
    /// operation fails with ``HKError/Code/errorDatabaseInaccessible`` saying why.
    public convenience init() {
        self.init(location: .fromEnvironment())
    }

    /// Opens the store at `location`, acting for `source`.
    public init(location: StoreLocation, source: HKSource = .default()) {
        self.location = location
        self.source = source
        self.opened = Result { () throws(HKError) in try StoreDatabase.shared(at: location) }
        do {
            policy = Mutex(try HKAuthorizationPolicy.fromEnvironment())
            policyError = nil
        } catch {
            policy = Mutex(.grantAll)
            policyError = error
        }
    }

    /// Opens the SQLite file at `path`.
    public convenience init(path: String) {
        self.init(location: .file(path))
    }

    func database() throws(HKError) -> StoreDatabase {
        if let policyError {
            throw HKError(.errorInvalidArgument, "The authorization policy is not valid: \(policyError)")
        }
        return try opened.get()
    }

    /// Whether health data is available: always `true` here.
    public static func isHealthDataAvailable() -> Bool { true }

    /// Whether health records are supported: always `false` here.
    public func supportsHealthRecords() -> Bool { false }

    /// The earliest date samples may be read from: no limit here.
    public func earliestPermittedSampleDate() -> Date { .distantPast }

    // MARK: Authorization

    /// The simulated user's answers. Changing it takes effect at once.
    public var authorizationPolicy: HKAuthorizationPolicy {
        get { policy.withLock { $0 } }
        set { policy.withLock { $0 = newValue } }
    }

    /// Asks the simulated user for permission to save `typesToShare` and read `typesToRead`.
    ///
    /// Succeeds whatever the user answers, as Apple's does; the answers show in
    /// ``authorizationStatus(for:)`` and in what saves and queries do.
    ///
    /// - Throws: ``HKError/Code/errorInvalidArgument`` if both sets are empty or
    ///   a type apps may only read (a clinical record, an electrocardiogram) is in `typesToShare`.
    public func requestAuthorization(toShare typesToShare: Set<HKSampleType>?, read typesToRead: Set<HKObjectType>?) async throws {
        let share = typesToShare ?? [], read = typesToRead ?? []
        guard !share.isEmpty || !read.isEmpty else {
            throw HKError(.errorInvalidArgument, "Must request authorization for at least one data type")
        }
        let readOnly = share.filter(\.isReadOnly).map(\.identifier).sorted()
        guard readOnly.isEmpty else {
            throw HKError(.errorInvalidArgument, "Authorization to share the following types is disallowed: \(readOnly.joined(separator: ", "))")
        }
        let database = try database()
        let bundle = source.bundleIdentifier
        try await database.writer.write { db in
            for type in share {
                try db.execute(sql: "INSERT OR IGNORE INTO authorization_request (bundle, type, access) VALUES (?, ?, 1)", arguments: [bundle, type.identifier])
            }
            for type in read {
                try db.execute(sql: "INSERT OR IGNORE INTO authorization_request (bundle, type, access) VALUES (?, ?, 2)", arguments: [bundle, type.identifier])
            }
        }
    }

    /// Completion-handler form of ``requestAuthorization(toShare:read:)``.
    @preconcurrency
    public func requestAuthorization(toShare typesToShare: Set<HKSampleType>?, read typesToRead: Set<HKObjectType>?,
                                     completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        completing(completion) { try await self.requestAuthorization(toShare: typesToShare, read: typesToRead) }
    }

    /// Whether the app may save `type`: not yet asked, denied or authorized.
    public func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus {
        guard let database = try? database(), (try? hasRequested(type, access: 1, in: database)) == true else { return .notDetermined }
        return authorizationPolicy.allowsSharing(type) ? .sharingAuthorized : .sharingDenied
    }

    /// Whether requesting authorization for these types would ask the user anything.
    public func statusForAuthorizationRequest(toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>) async throws -> HKAuthorizationRequestStatus {
        let database = try database()
        for type in typesToShare where try !hasRequested(type, access: 1, in: database) { return .shouldRequest }
        for type in typesToRead where try !hasRequested(type, access: 2, in: database) { return .shouldRequest }
        return .unnecessary
    }

    /// Completion-handler form of ``statusForAuthorizationRequest(toShare:read:)``.
    @preconcurrency
    public func getRequestStatusForAuthorization(toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>,
                                                 completion: @escaping @Sendable (HKAuthorizationRequestStatus, (any Error)?) -> Void) {
        Task.detached {
            do {
                completion(try await self.statusForAuthorizationRequest(toShare: typesToShare, read: typesToRead), nil)
            } catch {
                completion(.unknown, error)
            }
        }
    }

    private func hasRequested(_ type: HKObjectType, access: Int, in database: StoreDatabase) throws -> Bool {
        let key = "\(type.identifier)|\(access)"
        if knownRequests.withLock({ $0.contains(key) }) { return true }
        let requested = try database.writer.read { db in
            try Bool.fetchOne(db, sql: "SELECT 1 FROM authorization_request WHERE bundle = ? AND type = ? AND access = ?",
                              arguments: [source.bundleIdentifier, type.identifier, access]) ?? false
        }
        if requested { knownRequests.withLock { _ = $0.insert(key) } }
        return requested
    }

    /// Throws unless the app may save `type`.
    func checkSharing(_ type: HKObjectType, in database: StoreDatabase) throws(HKError) {
        let requested: Bool
        do { requested = try hasRequested(type, access: 1, in: database) } catch {
            throw HKError(.errorDatabaseInaccessible, "Cannot read authorization from the store at \(location): \(error)")
        }
        guard requested else {
            throw HKError(.errorAuthorizationNotDetermined, "Authorization to share \(type.identifier) has not been requested; call requestAuthorization(toShare:read:) first")
        }
        guard authorizationPolicy.allowsSharing(type) else {
            throw HKError(.errorAuthorizationDenied, "Authorization to share \(type.identifier) is denied by the user (authorization policy)")
        }
    }

    /// Why the app may not save `type`, or `nil` when it may.
    func sharingError(for type: HKObjectType) -> HKError? {
        do { try checkSharing(type, in: try database()) } catch { return error }
        return nil
    }

    /// Whether the app may read `type`: it asked to, and the user did not deny it.
    func mayRead(_ type: HKObjectType) -> Bool {
        guard let database = try? database() else { return false }
        return canReadAll(type, in: database)
    }

    /// Whether the app may read all sources' data of `type`; otherwise only its own.
    func canReadAll(_ type: HKObjectType?, in database: StoreDatabase) -> Bool {
        guard let type else { return true }
        guard (try? hasRequested(type, access: 2, in: database)) == true else { return false }
        return authorizationPolicy.allowsReading(type)
    }

    // MARK: Queries

    /// Starts a query. Results arrive on the query's handlers, on a background thread.
    public func execute(_ query: HKQuery) {
        queries.withLock { $0[ObjectIdentifier(query)] = query }
        query.execute(on: self)
    }

    /// Stops a long-running query; its handlers are not called again.
    public func stop(_ query: HKQuery) {
        query.stop()
        queries.withLock { $0[ObjectIdentifier(query)] = nil }
    }

    // MARK: Background delivery

    /// Asks for observer queries on `type` to be woken at `frequency`. On Linux
    /// an observer query runs for as long as the process does; the request is
    /// recorded and succeeds.
    public func enableBackgroundDelivery(for type: HKObjectType, frequency: HKUpdateFrequency) async throws {
        let database = try database()
        try await database.writer.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO background_delivery (bundle, type, frequency) VALUES (?, ?, ?)",
                           arguments: [self.source.bundleIdentifier, type.identifier, frequency.rawValue])
        }
    }

    /// Completion-handler form of ``enableBackgroundDelivery(for:frequency:)``.
    @preconcurrency
    public func enableBackgroundDelivery(for type: HKObjectType, frequency: HKUpdateFrequency,
                                         withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        completing(completion) { try await self.enableBackgroundDelivery(for: type, frequency: frequency) }
    }

    /// Stops background delivery for `type`.
    public func disableBackgroundDelivery(for type: HKObjectType) async throws {
        let database = try database()
        try await database.writer.write { db in
            try db.execute(sql: "DELETE FROM background_delivery WHERE bundle = ? AND type = ?", arguments: [self.source.bundleIdentifier, type.identifier])
        }
    }

    /// Completion-handler form of ``disableBackgroundDelivery(for:)``.
    @preconcurrency
    public func disableBackgroundDelivery(for type: HKObjectType, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        completing(completion) { try await self.disableBackgroundDelivery(for: type) }
    }

    /// Stops background delivery for every type.
    public func disableAllBackgroundDelivery() async throws {
        let database = try database()
        try await database.writer.write { db in
            try db.execute(sql: "DELETE FROM background_delivery WHERE bundle = ?", arguments: [self.source.bundleIdentifier])
        }
    }

    /// Completion-handler form of ``disableAllBackgroundDelivery()``.
    @preconcurrency
    public func disableAllBackgroundDelivery(completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        completing(completion) { try await self.disableAllBackgroundDelivery() }
    }

    // MARK: Units

    /// The units the user prefers for `quantityTypes`: metric, unless
    /// `$OPENHEALTHKIT_UNITS` is `imperial` (or `us`).
    public func preferredUnits(for quantityTypes: Set<HKQuantityType>) async throws -> [HKQuantityType: HKUnit] {
        let imperial = ["imperial", "us"].contains(ProcessInfo.processInfo.environment["OPENHEALTHKIT_UNITS"]?.lowercased() ?? "")
        var result: [HKQuantityType: HKUnit] = [:]
        for type in quantityTypes { result[type] = PreferredUnits.unit(for: type, imperial: imperial) }
        return result
    }

    /// Completion-handler form of ``preferredUnits(for:)``.
    @preconcurrency
    public func preferredUnits(for quantityTypes: Set<HKQuantityType>,
                               completion: @escaping @Sendable ([HKQuantityType: HKUnit], (any Error)?) -> Void) {
        Task.detached {
            do { completion(try await self.preferredUnits(for: quantityTypes), nil) } catch { completion([:], error) }
        }
    }
}

