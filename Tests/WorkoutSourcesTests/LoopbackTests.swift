import Foundation
import TestSupport
import Testing

/// The free ports tests start their daemons on: never given twice in a run, and outside the range the kernel picks from.
@Suite struct LoopbackTests {
    /// Ports handed out at once are all different and below the kernel's ephemeral range, so a server bound to
    /// port 0 cannot take one before its daemon binds it.
    @Test func portsAreNeverGivenTwiceAndLieBelowTheEphemeralRange() throws {
        let ports = try (0..<50).map { _ in try Loopback.freePort() }
        #expect(Set(ports).count == ports.count, "\(ports)")
        #expect(ports.allSatisfy { (20_000...32_767).contains($0) }, "\(ports)")
    }

    /// A port something listens on is passed over.
    @Test func aPortInUseIsPassedOver() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        // Take the port that would come next, then ask for one.
        let taken = try Loopback.freePort() + 1
        let bound = Loopback.withAddress(port: taken) { bind(listener, $0, $1) == 0 }
        try #require(bound && listen(listener, 1) == 0, "could not hold port \(taken)")
        #expect(try Loopback.freePort() != taken)
    }
}
