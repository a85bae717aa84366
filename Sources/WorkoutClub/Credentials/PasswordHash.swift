import _CryptoExtras
import Crypto
import Foundation

/// Passwords as the club stores them: PBKDF2-HMAC-SHA256 with a random salt,
/// written `pbkdf2-sha256$ROUNDS$SALT$HASH` (base64), so the rounds can grow
/// for new passwords while old hashes still verify.
public enum PasswordHash {
    /// Rounds for new passwords: OWASP's figure for PBKDF2-HMAC-SHA256 (2023).
    public static let defaultRounds = 600_000

    /// The stored form of `password`.
    ///
    /// - Parameter rounds: PBKDF2 rounds. Keep the default: fewer (at least 1,000) are for tests that make many accounts.
    public static func make(_ password: String, rounds: Int = defaultRounds) throws -> String {
        guard rounds >= 1_000 else { throw ClubError.invalid("PBKDF2 needs at least 1,000 rounds; \(defaultRounds) are the default.") }
        var salt = [UInt8](repeating: 0, count: 16)
        var generator = SystemRandomNumberGenerator()
        for index in salt.indices { salt[index] = generator.next() }
        let key = try KDF.Insecure.PBKDF2.deriveKey(from: Array(password.utf8), salt: salt, using: .sha256, outputByteCount: 32, unsafeUncheckedRounds: rounds)
        let hash = key.withUnsafeBytes { Data($0) }
        return "pbkdf2-sha256$\(rounds)$\(Data(salt).base64EncodedString())$\(hash.base64EncodedString())"
    }

    /// Whether `password` is the one `stored` was made from; false for any stored text that is not such a hash.
    public static func verify(_ password: String, against stored: String) -> Bool {
        let parts = stored.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "pbkdf2-sha256", let rounds = Int(parts[1]), rounds >= 1_000, rounds <= 10_000_000,
              let salt = Data(base64Encoded: String(parts[2])), let expected = Data(base64Encoded: String(parts[3])), expected.count == 32,
              let key = try? KDF.Insecure.PBKDF2.deriveKey(from: Array(password.utf8), salt: salt, using: .sha256, outputByteCount: 32,
                                                          unsafeUncheckedRounds: rounds)
        else { return false }
        let actual = key.withUnsafeBytes { Data($0) }
        // Compared in constant time: every byte is looked at.
        return zip(actual, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
