import Foundation
import Testing
import WorkoutClub

/// The signature a webhook receiver checks: the HMAC-SHA256 of the timestamp, a full stop and the body.
@Suite struct WebhookSignatureTests {
    @Test func theSignatureIsTheHMACAReceiverComputes() {
        // Computed with Python's hmac: hmac.new(b"whsec_test", b'1790000000.{"event":"alert.raised"}', hashlib.sha256).
        let body = Data("{\"event\":\"alert.raised\"}".utf8)
        #expect(WebhookSignature.signature(of: body, at: 1_790_000_000, secret: "whsec_test")
            == "sha256=5e69cbc40808cd70d2367979d811711126437191682110092a5e125e0595e15a")
        let headers = WebhookSignature.headers(for: body, at: 1_790_000_000, secret: "whsec_test")
        #expect(headers.map(\.0) == ["X-OHK-Timestamp", "X-OHK-Signature"] && headers.first?.1 == "1790000000")
    }

    @Test func anotherTimeBodyOrSecretSignsDifferently() {
        let body = Data("{}".utf8)
        let signature = WebhookSignature.signature(of: body, at: 100, secret: "a")
        #expect(signature != WebhookSignature.signature(of: body, at: 101, secret: "a"), "a replay with a new time does not verify")
        #expect(signature != WebhookSignature.signature(of: Data("{ }".utf8), at: 100, secret: "a"))
        #expect(signature != WebhookSignature.signature(of: body, at: 100, secret: "b"))
        let secret = WebhookSignature.newSecret()
        #expect(secret.hasPrefix("whsec_") && secret.count == 49 && secret != WebhookSignature.newSecret())
    }
}
