import Foundation
import Synchronization

/// The encoders of the routes' last, partial chunks, kept by the store so that a live route's positions are
/// each encoded once (``HKHealthStore/insertLocations(_:route:into:database:)``).
///
/// A kept tail is used only while the stored chunk is still the one it encoded (same row, count and byte
/// length); any other chunk (written by another process, or left by a rolled-back transaction) is read back
/// and encoded again.
final class RouteTails: Sendable {
    /// A route's last chunk as it was written: its row, its first position's time and its encoder.
    struct Tail: Sendable {
        var rowid: Int64?
        var first: Double
        var encoder: CompressedLocations.Encoder
    }

    private let tails = Mutex<[UUID: Tail]>([:])

    /// The kept tail of `route`, if any.
    func tail(of route: UUID) -> Tail? {
        tails.withLock { $0[route] }
    }

    /// Keeps `tail` as `route`'s.
    func keep(_ tail: Tail, of route: UUID) {
        tails.withLock { $0[route] = tail }
    }

    /// Keeps nothing for `route`: its last chunk is full, or the route is gone.
    func forget(_ route: UUID) {
        _ = tails.withLock { $0.removeValue(forKey: route) }
    }
}
