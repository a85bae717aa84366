import Crypto
public import Foundation

/// How the club signs what it posts to a rider's webhook, so that the receiver can tell the post came from the club
/// and was not replayed: `X-OHK-Timestamp` holds the Unix time of the post, and `X-OHK-Signature` holds
/// `sha256=` and the hexadecimal HMAC-SHA256, keyed with the rider's webhook secret, of the timestamp, a full
/// stop and the body, byte for byte.
///
/// A receiver computes the same and compares in constant time, and refuses a timestamp more than a few minutes
/// from its own clock.
public enum WebhookSignature {
    /// The header holding the post's Unix time.
    public static let timestampHeader = "X-OHK-Timestamp"
    /// The header holding the signature.
    public static let signatureHeader = "X-OHK-Signature"

    /// The `X-OHK-Signature` value for `body` posted at `timestamp` (Unix seconds) with `secret`.
    public static func signature(of body: Data, at timestamp: Int64, secret: String) -> String {
        var message = Data("\(timestamp).".utf8)
        message.append(body)
        let code = HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: Data(secret.utf8)))
        return "sha256=" + SecretToken.hexadecimal(code)
    }

    /// The headers to post `body` with at `timestamp`, signed with `secret`.
    public static func headers(for body: Data, at timestamp: Int64, secret: String) -> [(String, String)] {
        [(timestampHeader, String(timestamp)), (signatureHeader, signature(of: body, at: timestamp, secret: secret))]
    }

    /// A new webhook secret: `whsec_` and 43 characters of base64url (256 random bits).
    public static func newSecret() -> String {
        SecretToken.generate(prefix: "whsec_")
    }
}
