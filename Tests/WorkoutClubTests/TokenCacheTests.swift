import Foundation
import Testing
@testable import WorkoutClub

/// The tokens a server process keeps: only while trusted, never past their age or expiry, never a lookup's that a
/// revocation overtook.
@Suite struct TokenCacheTests {
    let ada = Athlete(id: 1, name: "ada", isAdmin: false)
    let start = Date(timeIntervalSince1970: 1_790_000_000)

    @Test func nothingIsKeptUntilTrustedNorAfterTrustIsLost() {
        let cache = TokenCache()
        cache.keep(ada, expiresAt: nil, hash: "h", at: start, since: cache.generation)
        #expect(cache.athlete(hash: "h", at: start) == nil, "not trusted: a database no other process notifies through")
        cache.trust(true)
        cache.keep(ada, expiresAt: nil, hash: "h", at: start, since: cache.generation)
        #expect(cache.athlete(hash: "h", at: start.addingTimeInterval(1)) == ada)
        cache.trust(false)
        #expect(cache.athlete(hash: "h", at: start.addingTimeInterval(2)) == nil, "the listener is away: revocations may be missed")
        cache.trust(true)
        #expect(cache.athlete(hash: "h", at: start.addingTimeInterval(3)) == nil, "listening again forgets what was kept before")
    }

    @Test func aTokenIsLookedUpAgainAfterAMinuteAndNeverAfterItsExpiry() {
        let cache = TokenCache()
        cache.trust(true)
        cache.keep(ada, expiresAt: nil, hash: "old", at: start, since: cache.generation)
        cache.keep(ada, expiresAt: start.addingTimeInterval(10), hash: "short", at: start, since: cache.generation)
        #expect(cache.athlete(hash: "short", at: start.addingTimeInterval(9.9)) == ada)
        #expect(cache.athlete(hash: "short", at: start.addingTimeInterval(10)) == nil, "expired")
        #expect(cache.athlete(hash: "old", at: start.addingTimeInterval(TokenCache.maximumAge - 0.1)) == ada)
        #expect(cache.athlete(hash: "old", at: start.addingTimeInterval(TokenCache.maximumAge)) == nil)
    }

    @Test func aRevocationForgetsEverythingAndALookupItOvertookKeepsNothing() {
        let cache = TokenCache()
        cache.trust(true)
        cache.keep(ada, expiresAt: nil, hash: "a", at: start, since: cache.generation)
        let begun = cache.generation
        cache.forgetAll()
        #expect(cache.athlete(hash: "a", at: start) == nil)
        cache.keep(ada, expiresAt: nil, hash: "b", at: start, since: begun)
        #expect(cache.athlete(hash: "b", at: start) == nil, "looked up before the revocation: it may be the token revoked")
        cache.keep(ada, expiresAt: nil, hash: "b", at: start, since: cache.generation)
        #expect(cache.athlete(hash: "b", at: start) == ada)
    }

    @Test func aFullCacheStartsAgainRatherThanGrowing() {
        let cache = TokenCache()
        cache.trust(true)
        for index in 0..<TokenCache.capacity {
            cache.keep(ada, expiresAt: nil, hash: "\(index)", at: start, since: cache.generation)
        }
        #expect(cache.athlete(hash: "0", at: start) == ada)
        cache.keep(ada, expiresAt: nil, hash: "one more", at: start, since: cache.generation)
        #expect(cache.athlete(hash: "0", at: start) == nil)
        #expect(cache.athlete(hash: "one more", at: start) == ada)
    }
}
