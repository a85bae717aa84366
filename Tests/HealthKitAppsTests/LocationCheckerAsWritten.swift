import OpenHealthKit

/// A screen that asks where the user is once, written as apps wrote it before iOS 14 and still do: the class method
/// for the authorization, `requestLocation()` for one fix, and `CLError` codes told apart in the failure callback.
final class LocationChecker: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
    let manager: CLLocationManager
    private let lock = NSLock()
    private var _locations: [CLLocation] = []
    private var _failures: [any Error] = []
    private var _keptWaiting = 0
    var locations: [CLLocation] { lock.withLock { _locations } }
    var failures: [any Error] { lock.withLock { _failures } }
    /// How often the screen kept waiting on `.locationUnknown`, as Apple asks apps to.
    var keptWaiting: Int { lock.withLock { _keptWaiting } }

    init(manager: CLLocationManager) {
        self.manager = manager
        super.init()
        manager.delegate = self
    }

    /// What the screen says before it asks.
    var canAsk: Bool {
        switch CLLocationManager.authorizationStatus() {
        case .restricted, .denied: false
        default: CLLocationManager.locationServicesEnabled()
        }
    }

    func whereAmI() {
        if CLLocationManager.authorizationStatus() == .notDetermined {
            manager.requestWhenInUseAuthorization()
        }
        manager.desiredAccuracy = kCLLocationAccuracyHundredMeters
        manager.requestLocation()
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        lock.withLock { _locations.append(contentsOf: locations) }
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        if let error = error as? CLError, error.code == .locationUnknown {
            lock.withLock { _keptWaiting += 1 }
        }
        lock.withLock { _failures.append(error) }
    }
}
