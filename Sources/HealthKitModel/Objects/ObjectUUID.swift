package import Foundation
import Synchronization

/// Makes the identifiers of new objects.
///
/// Identifiers are RFC 9562 version-8 UUIDs: a random 64-bit prefix chosen once
/// per process, then a counter. They are as unique as random ones (the prefix
/// keeps processes apart, the counter keeps objects apart), but the objects one
/// process creates get adjacent identifiers, so the store's identifier index
/// grows at one place instead of at random places. That halves the cost of
/// saving large batches. Nothing about an identifier's value is promised beyond
/// uniqueness, as with HealthKit's.
///
/// Workouts are the exception: they get random (version 4) identifiers, so
/// their first characters tell them apart where people type them
/// (`workout show 3f2a9c1e`). There are few of them, so the index does not care.
package enum ObjectUUID {
    private static let prefix: UInt64 = {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }()
    private static let counter = Atomic<UInt64>(0)

    package static func next() -> UUID {
        let n = counter.wrappingAdd(1, ordering: .relaxed).newValue
        // Big-endian halves, so identifiers sort in the order they were made.
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { bytes in
            bytes.storeBytes(of: prefix.bigEndian, toByteOffset: 0, as: UInt64.self)
            bytes.storeBytes(of: n.bigEndian, toByteOffset: 8, as: UInt64.self)
            bytes[6] = (bytes[6] & 0x0F) | 0x80 // version 8
            bytes[8] = (bytes[8] & 0x3F) | 0x80 // RFC 9562 variant
        }
        return UUID(uuid: uuid)
    }
}
