import Foundation
import RideUploads
import Testing

@Suite struct StravaRateLimitTests {
    /// 2026-11-27 10:37:12 UTC.
    let now = Date(timeIntervalSince1970: 1_795_775_832)

    @Test func theFifteenMinuteLimitWaitsForTheNextQuarterHour() throws {
        let limits = try #require(StravaRateLimit(limit: "200,2000", usage: "201,812"))
        #expect(!limits.dayExhausted)
        // 10:37:12 → 10:45:00.
        #expect(limits.retryAt(now: now).timeIntervalSince1970 == 1_795_776_300)
        #expect(limits.summary == "Strava's limit of 200 requests in 15 minutes is used (201)")
    }

    @Test func theDailyLimitWaitsForMidnightUTC() throws {
        let limits = try #require(StravaRateLimit(limit: "200, 2000", usage: "12, 2000"))
        #expect(limits.dayExhausted)
        #expect(limits.retryAt(now: now).timeIntervalSince1970 == 1_795_824_000, "2026-11-28 00:00 UTC")
    }

    @Test func headersThatStateNoLimitGiveNone() {
        #expect(StravaRateLimit(limit: nil, usage: "1,2") == nil)
        #expect(StravaRateLimit(limit: "200", usage: "1,2") == nil)
        #expect(StravaRateLimit(limit: "a,b", usage: "1,2") == nil)
    }
}
