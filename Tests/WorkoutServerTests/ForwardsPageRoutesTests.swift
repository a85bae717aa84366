import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
import WorkoutClub
@testable import WorkoutServer

/// A rider says where their rides go on to in the browser: intervals.icu connected from its form and stopped from
/// its button, Strava's refusal said on the page, and only with the page's token.
@Suite struct ForwardsPageRoutesTests {
    @Test(arguments: ClubDatabaseKind.available)
    func aRiderConnectsAndStopsAServiceOnThePage(_ kind: ClubDatabaseKind) async throws {
        let routes = ClubServerRoutesTests()
        let fixture = try await routes.fixture(kind)
        defer { Task { await fixture.server.club.database.close() } }
        var server = fixture.server
        // Nothing listens there: Strava cannot be asked.
        server.forwarding.stravaServer = URL(string: "http://127.0.0.1:9")!
        let club = server.club
        let ada = try #require(try await club.athlete(named: "ada"))
        try await Application(router: server.router()).test(.router) { client in
            let session = try await routes.logIn(client, name: "ada", password: "correct horse")
            func post(_ path: String, _ form: String, csrf: String? = nil) async throws -> (HTTPResponse.Status, String, String?) {
                var headers = session.cookie
                headers[.contentType] = "application/x-www-form-urlencoded"
                return try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(string: "csrf=\(csrf ?? session.csrf)&" + form)) {
                    (response) in (response.status, String(buffer: response.body), response.headers[.location])
                }
            }
            func page(_ uri: String = "/settings/forwards") async throws -> String {
                try await client.execute(uri: uri, method: .get, headers: session.cookie) { response in
                    #expect(response.status == .ok)
                    return String(buffer: response.body)
                }
            }
            #expect(try await page().contains("<li>None yet.</li>"))
            #expect(try await page("/account").contains("href=\"/settings/forwards\""))
            #expect(try await post("/settings/forwards/intervals", "athleteID=i12345&apiKey=k", csrf: "forged").0 == .forbidden)
            let connected = try await post("/settings/forwards/intervals", "athleteID=i12345&apiKey=secret-key")
            #expect(connected.0 == .seeOther && connected.2 == "/settings/forwards?done=intervals")
            let shown = try await page("/settings/forwards?done=intervals")
            #expect(shown.contains("data-service=\"intervals\">intervals.icu (i12345)") && shown.contains("new rides go to intervals too"))
            #expect(!shown.contains("secret-key"), "a key is never shown again")
            #expect(try await club.forwards(of: ada.id).count == 1)
            // A field missing, and credentials Strava cannot check (nothing listens where it is): each said on the page as
            // what it is, nothing kept; an offline club is not a refusal by Strava.
            let missing = try await post("/settings/forwards/intervals", "athleteID=i12345&apiKey=")
            #expect(missing.0 == .unprocessableContent && missing.1.contains("id=\"error-message\"") && missing.1.contains("intervals.icu needs"))
            let refused = try await post("/settings/forwards/strava", "clientID=1&clientSecret=s&refreshToken=r")
            #expect(refused.0 == .badGateway && refused.1.contains("Strava (127.0.0.1) cannot be reached") && refused.1.contains("nothing was saved"), "\(refused.1.suffix(600))")
            #expect(!refused.1.contains("Refused by Strava"))
            #expect(try await club.forwards(of: ada.id).count == 1)
            #expect(try await post("/settings/forwards/garmin", "athleteID=x").0 == .notFound)
            let stopped = try await post("/settings/forwards/intervals/stop", "")
            #expect(stopped.0 == .seeOther && stopped.2 == "/settings/forwards?done=stopped")
            #expect(try await club.forwards(of: ada.id).isEmpty)
        }
    }
}
