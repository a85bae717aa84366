import Foundation
import Testing
@testable import OpenHealthKitCore

@Suite struct ObjectUUIDTests {
    static func bytes(_ uuid: UUID) -> [UInt8] {
        withUnsafeBytes(of: uuid.uuid) { Array($0) }
    }

    @Test func identifiersAreVersion8WithTheRFCVariant() {
        for _ in 0..<100 {
            let bytes = Self.bytes(ObjectUUID.next())
            #expect(bytes[6] >> 4 == 8)
            #expect(bytes[8] >> 6 == 0b10)
        }
    }

    /// Made one after another, identifiers share the process's prefix and sort in
    /// the order they were made, so the store's identifier index grows at one end.
    @Test func consecutiveIdentifiersAreUniqueAndAscending() {
        let identifiers = (0..<10_000).map { _ in Self.bytes(ObjectUUID.next()) }
        #expect(Set(identifiers).count == identifiers.count)
        for (earlier, later) in zip(identifiers, identifiers.dropFirst()) {
            #expect(earlier[..<8] == later[..<8])
            #expect(earlier.lexicographicallyPrecedes(later))
        }
    }
}
