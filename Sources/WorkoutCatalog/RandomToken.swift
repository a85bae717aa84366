import Foundation

/// Unguessable text from the system's random number generator: a public workout's link, a club's secrets.
public enum RandomToken {
    /// `bytes` random bytes (32: 256 bits) in base64url without padding: 43 characters for 32 bytes.
    public static func base64URL(bytes count: Int = 32) -> String {
        var bytes = [UInt8](repeating: 0, count: count)
        var generator = SystemRandomNumberGenerator()
        for index in bytes.indices { bytes[index] = generator.next() }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
