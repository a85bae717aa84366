import Foundation
import Synchronization

/// Whether an app may use the location: Core Location's answers.
public enum CLAuthorizationStatus: Int32, Sendable {
    /// Not asked yet.
    case notDetermined = 0
    /// Restricted by the system.
    case restricted = 1
    /// Refused by the user.
    case denied = 2
    /// Allowed at all times.
    case authorizedAlways = 3
    /// Allowed while the app is in use.
    case authorizedWhenInUse = 4
}

/// What the app is doing while it asks for positions: Core Location's hint.
public enum CLActivityType: Int, Sendable {
    /// Anything else.
    case other = 1
    /// Driving with navigation.
    case automotiveNavigation = 2
    /// Walking, running, cycling.
    case fitness = 3
    /// Other navigation.
    case otherNavigation = 4
    /// Flying.
    case airborne = 5
}

/// Every position is delivered, however little it moved.
public let kCLDistanceFilterNone: CLLocationDistance = -1
/// The best accuracy the receiver gives.
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
/// The best accuracy, for navigation.
public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2
/// About ten metres.
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10
/// About a hundred metres.
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100

/// What a location manager tells: new positions, failures and changes of authorization.
/// Every method has a default that does nothing, as Core Location's are optional.
public protocol CLLocationManagerDelegate: AnyObject {
    /// New positions, oldest first; the last is the newest.
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
    /// A source failed; updates go on from the others.
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)
    /// The app's authorization changed.
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
    /// The app's authorization changed (the older form).
    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus)
}

extension CLLocationManagerDelegate {
    /// Does nothing.
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}
    /// Does nothing.
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {}
    /// Does nothing.
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
    /// Does nothing.
    public func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {}
}

/// Core Location's location manager, where Core Location is absent: it hears the same live
/// sources as ``HKLiveWorkoutDataSource`` (`OPENHEALTHKIT_SOURCES`: a gpsd daemon, a
/// scenario's GPS), so an app that builds its own route from `didUpdateLocations` receives
/// real fixes.
///
/// Only the sources that give positions are started (`gpsd://` and `scenario:`): a strap's
/// serial port stays the data source's. A scenario plays again for the manager, from the
/// same seed, so its fixes are the data source's. The delegate is called on a serial queue
/// of the manager's, one call at a time (Linux has no main run loop an app would spin).
///
/// ```swift
/// let manager = CLLocationManager()
/// manager.delegate = self
/// manager.requestWhenInUseAuthorization()
/// manager.startUpdatingLocation()
/// ```
public final class CLLocationManager: @unchecked Sendable {
    // Mutable state lives in `state`; delegate calls go through `queue`.
    private struct State {
        var desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyBest
        var distanceFilter: CLLocationDistance = kCLDistanceFilterNone
        var allowsBackgroundLocationUpdates = false
        var pausesLocationUpdatesAutomatically = true
        var activityType: CLActivityType = .other
        var location: CLLocation?
        var lastDelivered: CLLocation?
        var task: Task<Void, Never>?
        /// The updates run for `requestLocation()` alone: they stop at its first position.
        var requestedOnce = false
        var continuous = false
    }

    /// What the process was last allowed, as the class method reads it (one app, one answer).
    private static let processAuthorization = Mutex(CLAuthorizationStatus.notDetermined)

    /// Every manager of the process, held weakly: as Core Location does, a change of the app's authorization is told
    /// to each of them, not only to the one that asked.
    private static let managers = Mutex<[WeakManager]>([])

    private struct WeakManager: @unchecked Sendable {
        weak var manager: CLLocationManager?
    }

    private let state = Mutex(State())
    private let delegateReference = WeakDelegate<any CLLocationManagerDelegate>()
    private let queue = DispatchQueue(label: "org.openhealthkit.location-manager")
    private let environment: [String: String]

    /// The schemes of sources that give positions.
    static let positionSchemes: Set<String> = ["gpsd", "scenario"]

    /// A manager over the sources the process's `OPENHEALTHKIT_SOURCES` names.
    public convenience init() {
        self.init(environment: ProcessInfo.processInfo.environment)
    }

    /// A manager over the sources `environment`'s `OPENHEALTHKIT_SOURCES` names. (An OpenHealthKit addition.)
    public init(environment: [String: String]) {
        _ = builtInSources
        self.environment = environment
        Self.managers.withLock { managers in
            managers.removeAll { $0.manager == nil }
            managers.append(WeakManager(manager: self))
        }
    }

    deinit { state.withLock { $0.task }?.cancel() }

    /// Told of positions, failures and authorization; held weakly. As Core Location does for a new manager, a delegate
    /// set hears ``CLLocationManagerDelegate/locationManagerDidChangeAuthorization(_:)`` once, with the app's status.
    public var delegate: (any CLLocationManagerDelegate)? {
        get { delegateReference.value }
        set {
            delegateReference.value = newValue
            guard newValue != nil else { return }
            queue.async { [self] in delegate?.locationManagerDidChangeAuthorization(self) }
        }
    }

    /// The accuracy the app wants; every fix is delivered whatever its accuracy, which each says.
    public var desiredAccuracy: CLLocationAccuracy {
        get { state.withLock { $0.desiredAccuracy } }
        set { state.withLock { $0.desiredAccuracy = newValue } }
    }

    /// How far (metres) the position must move before the next is delivered; ``kCLDistanceFilterNone`` for every one.
    public var distanceFilter: CLLocationDistance {
        get { state.withLock { $0.distanceFilter } }
        set { state.withLock { $0.distanceFilter = newValue } }
    }

    /// Kept for compatibility: a process here is never suspended.
    public var allowsBackgroundLocationUpdates: Bool {
        get { state.withLock { $0.allowsBackgroundLocationUpdates } }
        set { state.withLock { $0.allowsBackgroundLocationUpdates = newValue } }
    }

    /// Kept for compatibility: updates never pause by themselves here.
    public var pausesLocationUpdatesAutomatically: Bool {
        get { state.withLock { $0.pausesLocationUpdatesAutomatically } }
        set { state.withLock { $0.pausesLocationUpdatesAutomatically = newValue } }
    }

    /// What the app does while it asks (a hint, kept for compatibility).
    public var activityType: CLActivityType {
        get { state.withLock { $0.activityType } }
        set { state.withLock { $0.activityType = newValue } }
    }

    /// Whether the app may use the location: authorized once it asks. It is the app's (the process's), as with Core
    /// Location: a manager made after another asked is authorized already.
    public var authorizationStatus: CLAuthorizationStatus { Self.processAuthorization.withLock { $0 } }

    /// Whether the app may use the location, as the class method before iOS 14 asks it: what any manager of the
    /// process was last allowed. (Deprecated by Apple since iOS 14 and still common; not marked so here, so that
    /// code written for both compiles without a warning.)
    public class func authorizationStatus() -> CLAuthorizationStatus { processAuthorization.withLock { $0 } }

    /// The latest position received.
    public var location: CLLocation? { state.withLock { $0.location } }

    /// Location services are always on here.
    public static func locationServicesEnabled() -> Bool { true }

    /// Asks to use the location while in use: granted, and every manager's delegate told (as each hears it on Apple's).
    public func requestWhenInUseAuthorization() { authorize(.authorizedWhenInUse) }

    /// Asks to use the location at all times: granted, and every manager's delegate told.
    public func requestAlwaysAuthorization() { authorize(.authorizedAlways) }

    private func authorize(_ status: CLAuthorizationStatus) {
        let changed = Self.processAuthorization.withLock { current -> Bool in
            guard current != status, current != .authorizedAlways else { return false }
            current = status
            return true
        }
        guard changed else { return }
        for manager in Self.managers.withLock({ $0.compactMap(\.manager) }) {
            manager.queue.async {
                guard let delegate = manager.delegate else { return }
                delegate.locationManagerDidChangeAuthorization(manager)
                delegate.locationManager(manager, didChangeAuthorization: status)
            }
        }
    }

    /// Starts delivering positions from the configured sources that give them.
    public func startUpdatingLocation() {
        state.withLock { $0.continuous = true }
        startSources()
    }

    /// Delivers one position, the first the sources give, then stops (unless ``startUpdatingLocation()`` runs too).
    /// Without a source that gives positions, the delegate hears ``CLError/Code/locationUnknown``, as from a device
    /// that cannot find where it is.
    public func requestLocation() {
        let hasPositions = (try? WorkoutSourceSpecification.list(environment["OPENHEALTHKIT_SOURCES"] ?? ""))?
            .contains { Self.positionSchemes.contains($0.scheme) } ?? false
        guard hasPositions else {
            let error = CLError(.locationUnknown, reason: "OPENHEALTHKIT_SOURCES names no source of positions (gpsd:// or scenario:).")
            queue.async { [self] in delegate?.locationManager(self, didFailWithError: error) }
            return
        }
        state.withLock { $0.requestedOnce = true }
        startSources()
    }

    private func startSources() {
        let sources: [any WorkoutDataSource]
        do {
            let specifications = try WorkoutSourceSpecification.list(environment["OPENHEALTHKIT_SOURCES"] ?? "")
            sources = try WorkoutSourceRegistry.sources(for: specifications.filter { Self.positionSchemes.contains($0.scheme) })
        } catch {
            queue.async { [self] in delegate?.locationManager(self, didFailWithError: error) }
            return
        }
        state.withLock { s in
            guard s.task == nil else { return }
            let manager = WeakReference(self)
            s.task = Task {
                await withDiscardingTaskGroup { group in
                    for source in sources {
                        group.addTask {
                            do {
                                for try await reading in source.readings() {
                                    guard let manager = manager.value else { return }
                                    if case .location(let location) = reading { manager.receive(location) }
                                }
                            } catch {
                                guard let manager = manager.value else { return }
                                manager.queue.async { manager.delegate?.locationManager(manager, didFailWithError: error) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Stops delivering positions (a pending ``requestLocation()`` too).
    public func stopUpdatingLocation() {
        state.withLock { s in
            s.continuous = false
            s.requestedOnce = false
            s.task?.cancel()
            s.task = nil
        }
    }

    /// Keeps `location` and delivers it, unless the distance filter holds it back.
    private func receive(_ location: CLLocation) {
        let deliver = state.withLock { s -> Bool in
            s.location = location
            // A requested location goes whatever the filter, once; the updates stop with it unless they were started.
            if s.requestedOnce {
                s.requestedOnce = false
                if !s.continuous {
                    s.task?.cancel()
                    s.task = nil
                }
                s.lastDelivered = location
                return true
            }
            guard s.continuous else { return false }
            if s.distanceFilter > 0, let last = s.lastDelivered, location.distance(from: last) < s.distanceFilter { return false }
            s.lastDelivered = location
            return true
        }
        guard deliver else { return }
        queue.async { [self] in delegate?.locationManager(self, didUpdateLocations: [location]) }
    }
}
