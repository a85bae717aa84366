import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
import WorkoutClub
@testable import WorkoutServer

/// A rider sets their safety alerts in the browser: the form shows what is kept, refuses what cannot be kept with
/// the reason on the form again, and once a webhook is set shows the secret its posts are signed with.
@Suite struct SafetyPageRoutesTests {
    @Test(arguments: ClubDatabaseKind.available)
    func aRiderSetsTheirAlertsAndWebhookOnThePageAndSeesItsSecret(_ kind: ClubDatabaseKind) async throws {
        let routes = ClubServerRoutesTests()
        let fixture = try await routes.fixture(kind)
        defer { Task { await fixture.server.club.database.close() } }
        let club = fixture.server.club
        let ada = try #require(try await club.athlete(named: "ada"))
        try await Application(router: fixture.server.router()).test(.router) { client in
            let session = try await routes.logIn(client, name: "ada", password: "correct horse")
            func page() async throws -> String {
                try await client.execute(uri: "/settings/safety", method: .get, headers: session.cookie) { response in
                    #expect(response.status == .ok)
                    return String(buffer: response.body)
                }
            }
            func post(_ form: String, csrf: String? = nil) async throws -> (HTTPResponse.Status, String, String?) {
                var headers = session.cookie
                headers[.contentType] = "application/x-www-form-urlencoded"
                return try await client.execute(uri: "/settings/safety", method: .post, headers: headers,
                                                body: ByteBuffer(string: "csrf=\(csrf ?? session.csrf)&" + form)) { response in
                    (response.status, String(buffer: response.body), response.headers[.location])
                }
            }
            var shown = try await page()
            #expect(shown.contains("id=\"safety-still\" name=\"stillMinutes\" inputmode=\"decimal\" required value=\"10\""), "the standard ten minutes")
            #expect(!shown.contains("safety-secret"), "no webhook, no secret")
            try await client.execute(uri: "/live", method: .get, headers: session.cookie) { #expect(String(buffer: $0.body).contains("href=\"/settings/safety\"")) }

            let webhook = "https://ntfy.example.org/ada-ride"
            let saved = try await post("stillMinutes=5&silentMinutes=2.5&webhook=\(webhook.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")
            #expect(saved.0 == .seeOther && saved.2 == "/settings/safety?saved")
            let kept = try await club.safetySettings(of: ada.id)
            #expect(kept.stillMinutes == 5 && kept.silentMinutes == 2.5 && kept.webhook == webhook)
            let secret = try #require(kept.webhookSecret)
            shown = try await client.execute(uri: "/settings/safety?saved", method: .get, headers: session.cookie) { String(buffer: $0.body) }
            #expect(shown.contains("alerted after 5 minutes without moving or 2.5 minutes without a point"))
            #expect(shown.contains("<code>\(secret)</code>") && shown.contains("value=\"\(webhook)\""))

            // Refused, and said on the form with what was given; nothing changes.
            for (form, words) in [("stillMinutes=0&silentMinutes=5", "0.05"), ("stillMinutes=ten&silentMinutes=5", "as a number"),
                                  ("stillMinutes=5&silentMinutes=5&webhook=ftp%3A%2F%2Fx", "http:// or https://")] {
                let refused = try await post(form)
                #expect(refused.0 == .unprocessableContent && refused.1.contains("id=\"error-message\"") && refused.1.contains(words), "\(form)")
            }
            #expect(try await club.safetySettings(of: ada.id) == kept)
            // A new secret from its button; the page says so and shows it.
            #expect(shown.contains("id=\"safety-renew-button\""))
            var form = session.cookie
            form[.contentType] = "application/x-www-form-urlencoded"
            let renewing = try await client.execute(uri: "/settings/safety/secret", method: .post, headers: form,
                                                    body: ByteBuffer(string: "csrf=\(session.csrf)")) { ($0.status, $0.headers[.location]) }
            #expect(renewing.0 == .seeOther && renewing.1 == "/settings/safety?renewed")
            let renewed = try #require(try await club.safetySettings(of: ada.id).webhookSecret)
            #expect(renewed != secret)
            shown = try await client.execute(uri: "/settings/safety?renewed", method: .get, headers: session.cookie) { String(buffer: $0.body) }
            #expect(shown.contains("id=\"safety-renewed\"") && shown.contains("<code>\(renewed)</code>") && !shown.contains(secret))
            // An API client does the same; with no webhook there is nothing to sign for.
            try await client.execute(uri: "/api/safety/secret", method: .post, headers: [.authorization: "Bearer \(fixture.bob)"]) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/api/safety/secret", method: .post, headers: [.authorization: "Bearer \(fixture.ada)"]) { response in
                #expect(response.status == .ok && String(buffer: response.body).contains("\"webhookSecret\":\"whsec_"))
            }
            #expect(try await club.safetySettings(of: ada.id).webhookSecret != renewed)
            // Without the page's token: refused, as every form of the club.
            #expect(try await post("stillMinutes=1&silentMinutes=1", csrf: "forged").0 == .forbidden)
            // The webhook taken away: the secret stays for when one is set again.
            let last = try await club.safetySettings(of: ada.id).webhookSecret
            #expect(try await post("stillMinutes=5&silentMinutes=2.5&webhook=").0 == .seeOther)
            #expect(try await club.safetySettings(of: ada.id) == SafetySettings(stillMinutes: 5, silentMinutes: 2.5, webhook: nil, webhookSecret: last))
        }
        try await Application(router: fixture.server.router()).test(.router) { client in
            try await client.execute(uri: "/settings/safety", method: .get) { #expect($0.status != .ok, "a page for riders logged in") }
        }
    }
}
