import Crypto
import Foundation
import WorkoutCatalog

/// Random secrets (API tokens, session cookies, CSRF tokens) and the hashes the
/// club keeps of them in their place.
///
/// A secret carries 256 random bits, so one SHA-256 is enough to keep it: a
/// stolen database yields no usable token.
public enum SecretToken {
    /// A new secret: `prefix` and 43 characters of base64url.
    public static func generate(prefix: String = "") -> String {
        prefix + RandomToken.base64URL(bytes: 32)
    }

    /// The hash kept of `secret`: SHA-256, in hexadecimal.
    public static func hash(_ secret: String) -> String {
        hexadecimal(SHA256.hash(data: Array(secret.utf8)))
    }

    /// `bytes` as lowercase hexadecimal, two digits a byte (hashes and signatures the club shows).
    static func hexadecimal(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
