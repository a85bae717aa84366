import Foundation
import RideUploads
import Testing

@Suite struct StravaClientTests {
    @Test(arguments: [
        ("ride.fit duplicate of activity 123456", "123456"),
        ("ride.fit duplicate of <a href='/activities/987' target='_blank'>987</a>", "987"),
        ("Duplicate of activity 42.", "42"),
    ])
    func aDuplicateNamesTheActivityItRepeats(_ error: String, _ activity: String) {
        #expect(StravaClient.duplicateActivity(in: error) == activity)
    }

    @Test func otherErrorsAreNoDuplicate() {
        #expect(StravaClient.duplicateActivity(in: "Improperly formatted data.") == nil)
        #expect(StravaClient.duplicateActivity(in: "duplicate of nothing") == nil)
    }

    @Test func theAuthorizationAddressAsksOnlyToWriteActivities() throws {
        let account = StravaAccount(clientID: "1234", clientSecret: "s", refreshToken: "")
        let url = account.authorizationURL().absoluteString
        #expect(url.hasPrefix("https://www.strava.com/oauth/authorize?client_id=1234&response_type=code"))
        #expect(url.contains("scope=activity:write"))
    }

    @Test func anAccessTokenIsUsedUntilAMinuteBeforeItExpires() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        var account = StravaAccount(clientID: "1", clientSecret: "s", refreshToken: "r", accessToken: "a", expiresAt: now.addingTimeInterval(61))
        #expect(account.usableToken(at: now) == "a")
        account.expiresAt = now.addingTimeInterval(60)
        #expect(account.usableToken(at: now) == nil)
        account.accessToken = nil
        account.expiresAt = now.addingTimeInterval(3_600)
        #expect(account.usableToken(at: now) == nil)
    }
}
