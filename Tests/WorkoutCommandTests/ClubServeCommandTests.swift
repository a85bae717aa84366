import Foundation
import TestSupport
import Testing

/// `workout serve --database`: a club server on SQLite and on a real PostgreSQL, driven through curl.
@Suite(.heavy, .serialized, .timeLimit(.minutes(10))) struct ClubServeCommandTests {
    @Test(.enabled(if: PostgresCluster.isAvailable, "PostgreSQL is not installed (Scripts/setup and .ci/run install it): the club server ran on SQLite only"))
    func postgresIsThereForTheOtherHalf() {
        #expect(PostgresCluster.shared != nil, "PostgreSQL is installed but its cluster did not start")
    }

    @Test(.enabled(if: ExternalTool.has("curl"), "curl is missing"), arguments: ClubDatabaseKind.available)
    func anotherAthletesTokenOrSessionCanNeitherReadNorChangeNorDelete(_ kind: ClubDatabaseKind) async throws {
        let club = try await ClubFixture(kind)
        defer { club.stop() }
        let store = try await club.store(named: "ada")
        let synced = try await club.sync(store, token: club.adaToken)
        try #require(synced.status == 0, "\(synced.stderr)")
        let (id, records) = try #require(try await club.workouts(token: club.adaToken).first)
        let archive = club.folder.appendingPathComponent("ada.ohka").path
        #expect(try await HTTP.request(club.url + "api/workouts/\(id)/archive", headers: ["Authorization: Bearer \(club.adaToken)"], output: archive).status == 200)

        let bob = ["Authorization: Bearer \(club.bobToken)"]
        let api: [(String, String, String?)] = [
            ("GET", "api/workouts/\(id)", nil), ("GET", "api/workouts/\(id)/samples?type=heartRate", nil), ("GET", "api/workouts/\(id)/file?format=fit", nil),
            ("GET", "api/workouts/\(id)/file?format=gpx", nil), ("GET", "api/workouts/\(id)/archive", nil), ("DELETE", "api/workouts/\(id)", nil),
            ("GET", "api/compare?a=\(id)&b=\(id)", nil), ("PUT", "api/workouts/\(id)", archive),
        ]
        for (method, path, body) in api {
            let answer = try await HTTP.request(club.url + path, method: method, headers: bob, bodyFile: body)
            #expect(answer.status == (method == "PUT" ? 409 : 404), "\(method) /\(path) with bob's token: \(answer.status) \(answer.body.prefix(200))")
            #expect(!answer.body.contains("\"athleteName\":\"ada\""), "\(method) /\(path) showed ada's workout")
            let anonymous = try await HTTP.request(club.url + path, method: method, bodyFile: body)
            #expect(anonymous.status == 401, "\(method) /\(path) without a token: \(anonymous.status)")
        }
        #expect(try await club.workouts(token: club.bobToken).isEmpty, "bob's list holds nothing of ada's")
        let missing = try await HTTP.request(club.url + "api/sync/missing", method: "POST", headers: bob, bodyFile: try Self.file(club, "{\"ids\":[\"\(id)\"]}"))
        #expect((missing.json["missing"] as? [String]) == [id], "bob is told he lacks it, not that ada has it")

        let (cookie, csrf) = try await club.logIn("bob")
        let pages: [(String, String, String?)] = [
            ("GET", "workouts/\(id)", nil), ("GET", "workouts/\(id)/download/fit", nil), ("GET", "workouts/\(id)/delete", nil),
            ("POST", "workouts/\(id)/delete", "csrf=\(csrf)"), ("GET", "compare?a=\(id)&b=\(id)", nil),
        ]
        for (method, path, form) in pages {
            let answer = try await HTTP.request(club.url + path, method: method, headers: ["Cookie: \(cookie)"], bodyFile: try form.map { try Self.file(club, $0) })
            #expect(answer.status == 404, "\(method) /\(path) with bob's session: \(answer.status)")
        }
        #expect(try await club.workouts(token: club.adaToken) == [id: records], "ada's workout is there, whole")
    }

    @Test(.enabled(if: ExternalTool.has("curl"), "curl is missing"), arguments: ClubDatabaseKind.available)
    func aRevokedTokenIsRefusedAtOnce(_ kind: ClubDatabaseKind) async throws {
        let club = try await ClubFixture(kind)
        defer { club.stop() }
        let extra = try await ClubFixture.token(for: "ada", database: club.database, label: "old bike")
        #expect(try await HTTP.request(club.url + "api/me", headers: ["Authorization: Bearer \(extra)"]).status == 200)
        let listed = try await offThePool { try WorkoutProcess.runBlocking(["serve", "tokens", "list", "ada", "--database", club.database]) }
        let line = try #require(listed.stdout.split(separator: "\n").first { $0.contains("old bike") }, "\(listed.stdout)")
        let id = String(line.prefix { $0.isNumber })
        let revoked = try await offThePool { try WorkoutProcess.runBlocking(["serve", "tokens", "revoke", id, "--database", club.database]) }
        #expect(revoked.status == 0, "\(revoked.stderr)")
        #expect(try await HTTP.request(club.url + "api/me", headers: ["Authorization: Bearer \(extra)"]).status == 401)
        #expect(try await HTTP.request(club.url + "api/me", headers: ["Authorization: Bearer \(club.adaToken)"]).status == 200, "the others still work")
        let store = try await club.store(named: "ada")
        let refused = try await club.sync(store, token: extra)
        #expect(refused.status == 1 && refused.stderr.contains("refused the token"), "\(refused.stderr)")
    }

    @Test(.enabled(if: ExternalTool.has("curl"), "curl is missing"), arguments: ClubDatabaseKind.available)
    func aSessionChangesNothingWithoutItsCSRFToken(_ kind: ClubDatabaseKind) async throws {
        let club = try await ClubFixture(kind)
        defer { club.stop() }
        let store = try await club.store(named: "ada")
        #expect(try await club.sync(store, token: club.adaToken).status == 0)
        let id = try #require(try await club.workouts(token: club.adaToken).keys.first)
        let (cookie, csrf) = try await club.logIn("ada")
        let session = ["Cookie: \(cookie)"]
        #expect(try await HTTP.request(club.url + "workouts/\(id)", headers: session).status == 200)
        #expect(try await HTTP.request(club.url + "api/workouts/\(id)", method: "DELETE", headers: session).status == 403, "no X-CSRF-Token")
        #expect(try await HTTP.request(club.url + "workouts/\(id)/delete", method: "POST", headers: session, bodyFile: try Self.file(club, "csrf=wrong")).status == 403)
        let crossSite = try await HTTP.request(club.url + "workouts/\(id)/delete", method: "POST", headers: session + ["Sec-Fetch-Site: cross-site"],
                                               bodyFile: try Self.file(club, "csrf=\(csrf)"))
        #expect(crossSite.status == 403, "another site's page, even with the token")
        #expect(try await club.workouts(token: club.adaToken).count == 1)
        let deleted = try await HTTP.request(club.url + "workouts/\(id)/delete", method: "POST", headers: session, bodyFile: try Self.file(club, "csrf=\(csrf)"))
        #expect(deleted.status == 303)
        #expect(try await club.workouts(token: club.adaToken).isEmpty)
        let loggedOut = try await HTTP.request(club.url + "logout", method: "POST", headers: session, bodyFile: try Self.file(club, "csrf=\(csrf)"))
        #expect(loggedOut.status == 303)
        #expect(try await HTTP.request(club.url, headers: session).status == 303, "the old cookie opens nothing")
    }

    @Test(.enabled(if: ExternalTool.has("curl"), "curl is missing"), arguments: ClubDatabaseKind.available)
    func sqlInEveryParameterDoesNothing(_ kind: ClubDatabaseKind) async throws {
        let club = try await ClubFixture(kind)
        defer { club.stop() }
        let store = try await club.store(named: "ada")
        #expect(try await club.sync(store, token: club.adaToken).status == 0)
        let id = try #require(try await club.workouts(token: club.adaToken).keys.first)
        let attacks = ["' OR '1'='1", "x'; DROP TABLE workouts; --", "1; DELETE FROM athletes", "\(id)' OR athlete_id <> '0", "%27%20OR%201%3D1--", "$1"]
        let ada = ["Authorization: Bearer \(club.adaToken)"], bob = ["Authorization: Bearer \(club.bobToken)"]
        for attack in attacks {
            let q = attack.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            for parameter in ["activity", "athlete", "from", "to", "page", "limit"] {
                let answer = try await HTTP.request(club.url + "api/workouts?\(parameter)=\(q)", headers: bob)
                #expect([200, 400].contains(answer.status) && (answer.json["matching"] as? Int ?? 0) == 0, "\(parameter)=\(attack): \(answer.status) \(answer.body.prefix(120))")
            }
            for path in ["api/workouts/\(q)", "api/workouts/\(q)/archive", "api/workouts/\(q)/samples?type=\(q)", "api/workouts/\(id)/samples?type=\(q)",
                         "api/workouts/\(id)/file?format=\(q)", "api/squad?group=\(q)", "api/squad?week=\(q)", "api/compare?a=\(q)&b=\(id)"] {
                let answer = try await HTTP.request(club.url + path, headers: bob)
                #expect([400, 404].contains(answer.status), "/\(path): \(answer.status)")
            }
            #expect(try await HTTP.request(club.url + "api/workouts/\(q)", method: "DELETE", headers: ada).status == 404)
            let missing = try await HTTP.request(club.url + "api/sync/missing", method: "POST", headers: bob, bodyFile: try Self.file(club, "{\"ids\":[\"\(attack)\"]}"))
            #expect(missing.status == 200 || missing.status == 400)
            #expect(try await HTTP.request(club.url + "api/me", headers: ["Authorization: Bearer \(attack)"]).status == 401)
            let login = try await HTTP.request(club.url + "login", method: "POST",
                                               bodyFile: try Self.file(club, "name=\(q)&password=\(q)"))
            #expect(login.status == 401, "login as \(attack): \(login.status)")
        }
        #expect(try await club.workouts(token: club.adaToken).count == 1, "ada's workout is still there, and only hers")
        let users = try await offThePool { try WorkoutProcess.runBlocking(["serve", "users", "list", "--database", club.database]) }
        #expect(users.stdout.split(separator: "\n").map { $0.split(separator: "\t")[1] } == ["ada", "bob"])
    }

    @Test(.enabled(if: ExternalTool.has("curl"), "curl is missing"), arguments: ClubDatabaseKind.available)
    func theSquadAndTheLapComparisonShowWhatMembersShare(_ kind: ClubDatabaseKind) async throws {
        let club = try await ClubFixture(kind)
        defer { club.stop() }
        // Joining a group that is not there suggests the command that makes it, quoted so that it pastes as one name.
        let missing = try await WorkoutProcess.run(["serve", "groups", "join", "Tuesday squad", "ada", "--database", club.database])
        #expect(missing.status != 0 && missing.stderr.contains("`workout serve groups add 'Tuesday squad'`"), "\(missing.stderr)")
        for (group, athlete, flags) in [("Tuesday squad", "ada", ["--share"]), ("Tuesday squad", "bob", ["--coach"])] as [(String, String, [String])] {
            if athlete == "ada" { #expect(try await offThePool { try WorkoutProcess.runBlocking(["serve", "groups", "add", group, "--database", club.database]) }.status == 0) }
            let joined = try await offThePool { try WorkoutProcess.runBlocking(["serve", "groups", "join", group, athlete, "--database", club.database] + flags) }
            #expect(joined.status == 0, "\(joined.stderr)")
        }
        let store = try await club.store(named: "ada", scenarios: ["easy-run.yaml", "track-intervals.yaml"])
        #expect(try await club.sync(store, token: club.adaToken).status == 0)
        let ids = try await club.workouts(token: club.bobToken)
        #expect(ids.count == 2, "the coach sees what ada shares")
        let squad = try await HTTP.request(club.url + "api/squad?group=Tuesday%20squad&week=2026-05-02", headers: ["Authorization: Bearer \(club.bobToken)"])
        #expect(squad.status == 200, "\(squad.body)")
        let rows = squad.json["athletes"] as? [[String: Any]] ?? []
        #expect(rows.map { $0["name"] as? String } == ["ada", "bob"], "\(squad.body)")
        let sorted = ids.keys.sorted()
        let compared = try await HTTP.request(club.url + "api/compare?a=\(sorted[0])&b=\(sorted[1])", headers: ["Authorization: Bearer \(club.bobToken)"])
        #expect(compared.status == 200 && !((compared.json["laps"] as? [Any]) ?? []).isEmpty, "\(compared.body.prefix(300))")
        // The list sorts and reads as the one-athlete server's: the same keys, either order.
        var distances: [[Double]] = []
        for sort in ["-distance", "distance"] {
            let listed = try await HTTP.request(club.url + "api/workouts?sort=\(sort)", headers: ["Authorization: Bearer \(club.bobToken)"])
            let workouts = listed.json["workouts"] as? [[String: Any]] ?? []
            #expect(workouts.allSatisfy { $0["id"] is String && $0["activity"] is String && $0["athleteName"] as? String == "ada" && $0["summary"] == nil },
                    "\(listed.body.prefix(300))")
            distances.append(workouts.compactMap { $0["distanceMeters"] as? Double })
        }
        #expect(distances[0].count == 2 && distances[0] == distances[0].sorted(by: >) && distances[1] == distances[0].reversed(), "\(distances)")
        let samples = try await HTTP.request(club.url + "api/workouts/\(sorted[0])/samples?type=heartRate", headers: ["Authorization: Bearer \(club.bobToken)"])
        let values = samples.json["values"] as? [Double] ?? []
        #expect(samples.json["start"] is String && !values.isEmpty && (samples.json["offsets"] as? [Double])?.count == values.count, "\(samples.body.prefix(200))")
        let (cookie, csrf) = try await club.logIn("bob")
        let page = try await HTTP.request(club.url + "squad?group=Tuesday%20squad&week=2026-05-02", headers: ["Cookie: \(cookie)"])
        #expect(page.status == 200 && page.body.contains("<td>ada</td>"), "\(page.body.prefix(400))")
        // The scenario's athlete travelled with the workout: its report draws heart-rate zones, as on the recorder.
        let report = try await HTTP.request(club.url + "workouts/\(sorted[0])", headers: ["Cookie: \(cookie)"])
        #expect(report.status == 200 && report.body.contains("id=\"heart-rate-zones\"") && report.body.contains("class=\"band band-"))
        #expect(page.body.contains("name=\"csrf\" value=\"\(csrf)\""), "the page's log-out form carries the session's token")
    }

    /// The club's pages (log in, the list, a workout, the squad, a comparison) pass the basic accessibility checks in
    /// a real browser, logged in through the form.
    @Test(.enabled(if: ExternalTool.has("curl"), "curl is missing"),
          .enabled(if: Browser.isAvailable, "chromium, chromedriver or selenium is missing (.ci/run installs them)"))
    func theClubsPagesPassTheAccessibilityChecks() async throws {
        let club = try await ClubFixture(.sqlite)
        defer { club.stop() }
        let (store, ids) = try await Self.squadWithTwoRuns(club)
        let exported = club.folder.appendingPathComponent("easy-run.fit").path
        let export = try await offThePool { try WorkoutProcess.runBlocking(["export", ids[0], "-o", exported, "--store", store]) }
        try #require(export.status == 0, "\(export.stderr)")
        let results = try await Browser.run([
            .open(club.url + "login"),
            AccessibilityAudit.step,
        ] + ClubFixture.logInSteps("bob") + [
            AccessibilityAudit.step,
            .open(club.url + "workouts/\(ids[0])"),
            AccessibilityAudit.step,
            .open(club.url + "squad?group=Tuesday%20squad&week=2026-05-02"),
            AccessibilityAudit.step,
            .open(club.url + "compare?a=\(ids[0])&b=\(ids[1])"),
            AccessibilityAudit.step,
            .evaluate("return document.title"),
            .open(club.url + "?sort=-distance&athlete=ada"),
            .evaluate("""
                var heads = Array.from(document.querySelectorAll('#workouts th'));
                return [heads.map(function(h){return h.getAttribute('aria-sort') || '';}), heads[0].querySelector('a').getAttribute('href'),
                        document.querySelectorAll('#workouts tbody tr').length]
                """),
            .open(club.url),
            .chooseFile(selector: "#upload-file", path: exported),
            .click("#upload-submit"),
            .waitUntil("return location.pathname.indexOf('/workouts/') === 0 && !!document.getElementById('summary')", timeout: 30),
            .evaluate("return location.pathname.split('/')[2]"),
            .open(club.url + "fitness?days=365&to=2026-06-30"),
            .evaluate("return [document.title, document.getElementById('fitness-range').textContent, !!document.querySelector('#fitness-chart svg')]"),
            AccessibilityAudit.step,
        ])
        for (index, page) in ["log in", "the list", "a workout", "the squad", "a comparison"].enumerated() {
            let audit = index == 0 ? results[0] : results[index + 1]
            #expect(audit as? [String] == [], "accessibility of \(page): \(audit)")
        }
        #expect((results[6] as? String)?.isEmpty == false)
        // Sorted by distance, largest first, the athlete filter kept in the column links.
        let sorting = try #require(results[7] as? [Any])
        #expect(sorting[0] as? [String] == ["none", "", "none", "none", "descending", "none", "none"])
        #expect(sorting[1] as? String == "/?athlete=ada", "the start column sorts newest first, the default, and keeps the athlete")
        #expect(sorting[2] as? Int == 2)
        // bob uploads the file of a ride through the list's form: it is his, beside the two ada shares.
        let uploaded = try #require(results[8] as? String)
        #expect(!ids.contains(uploaded))
        #expect(try await club.workouts(token: club.bobToken).keys.sorted() == (ids + [uploaded]).sorted())
        // His fitness page covers the days asked for and passes the audit too. The run he uploaded came with no
        // athlete's heart rates (ada's synced runs came with hers), so it has no training load to chart.
        let fitness = try #require(results[9] as? [Any])
        #expect(fitness[0] as? String == "Fitness" && fitness[1] as? String == "2025-07-01 – 2026-06-30 · 0 workouts with a training load", "\(fitness)")
        #expect(results[10] as? [String] == [], "accessibility of the fitness page: \(results[10])")
    }

    /// A squad (ada shares, bob coaches) and ada's easy run and track intervals synced to it: her store and the
    /// two workouts' identifiers, in order.
    static func squadWithTwoRuns(_ club: ClubFixture) async throws -> (store: String, ids: [String]) {
        for arguments in [["add", "Tuesday squad"], ["join", "Tuesday squad", "ada", "--share"], ["join", "Tuesday squad", "bob", "--coach"]] {
            let done = try await offThePool { try WorkoutProcess.runBlocking(["serve", "groups"] + arguments + ["--database", club.database]) }
            try #require(done.status == 0, "\(done.stderr)")
        }
        let store = try await club.store(named: "ada", scenarios: ["easy-run.yaml", "track-intervals.yaml"])
        try #require(try await club.sync(store, token: club.adaToken).status == 0)
        let ids = try await club.workouts(token: club.bobToken).keys.sorted()
        try #require(ids.count == 2)
        return (store, ids)
    }

    /// Every club page a member reads fits a 360- and a 390-px phone, a tablet and a desktop: nothing spills sideways,
    /// axis text is drawn at 10 px or more, the list's key columns stay in view, and wide tables scroll with their first
    /// column fixed.
    @Test(.enabled(if: ExternalTool.has("curl"), "curl is missing"),
          .enabled(if: Browser.isAvailable, "chromium, chromedriver or selenium is missing (.ci/run installs them)"))
    func everyClubPageFitsPhonesTabletsAndDesktops() async throws {
        let club = try await ClubFixture(.sqlite)
        defer { club.stop() }
        let (_, ids) = try await Self.squadWithTwoRuns(club)
        let pages: [(name: String, path: String, keys: [String])] = [
            ("the list", "", ["Start", "Athlete", "Time", "Distance"]),
            ("a workout", "workouts/\(ids[0])", []),
            ("the squad", "squad?group=Tuesday%20squad&week=2026-05-02", []),
            ("a comparison", "compare?a=\(ids[0])&b=\(ids[1])", []),
            ("the fitness page", "fitness?days=365&to=2026-06-30", []),
            ("the history", "history?month=2026-05", []),
            ("the account page", "account", []),
        ]
        let steps: [Browser.Step] = [.open(club.url + "login")] + ClubFixture.logInSteps("bob")
        // The README's pictures of the club: a comparison on a desktop, the list on a phone.
        let desktop = Screenshots.path("club-desktop.png"), phone = Screenshots.path("club-phone.png")
        let pictures: [Browser.Step] = [.windowSize(width: 1280, height: 1250), .open(club.url + pages[3].path), .screenshot(desktop),
                                        .windowSize(width: 390, height: 844), .open(club.url), .screenshot(phone)]
        // And each page's accessibility in the dark theme (the light one is audited above).
        let dark: [Browser.Step] = [.colorScheme("dark")] + pages.flatMap { [Browser.Step.open(club.url + $0.path), AccessibilityAudit.step] }
        let results = try await Browser.run(steps + pages.flatMap { PageLayout.steps(url: club.url + $0.path, keys: $0.keys) } + pictures + dark)
        for (index, page) in pages.enumerated() {
            let layouts = Array(results.dropFirst(1 + index * PageLayout.widths.count).prefix(PageLayout.widths.count))
            #expect(PageLayout.problems(layouts, page: page.name) == [])
        }
        #expect(Screenshots.isPicture(desktop) && Screenshots.isPicture(phone))
        for (index, page) in pages.enumerated() {
            let audit = results[1 + pages.count * PageLayout.widths.count + index]
            #expect(audit as? [String] == [], "accessibility of \(page.name) in the dark: \(audit)")
        }
    }

    /// The club run from a browser, on SQLite and PostgreSQL: the admin invites an athlete into a group and the
    /// invitation's link lets her set her password and logs her in; she stops sharing and leaves the group from her
    /// account; the admin makes a member a coach and removes another from the club, keeping his workouts. Every page
    /// passes the accessibility audit.
    @Test(.enabled(if: ExternalTool.has("curl"), "curl is missing"),
          .enabled(if: Browser.isAvailable, "chromium, chromedriver or selenium is missing (.ci/run installs them)"),
          arguments: ClubDatabaseKind.available)
    func theClubIsRunFromTheBrowser(_ kind: ClubDatabaseKind) async throws {
        let club = try await ClubFixture(kind)
        defer { club.stop() }
        let password = ClubFixture.password
        for arguments in [["users", "add", "root", "--admin", "--password-stdin"], ["groups", "add", "Tuesday squad"], ["groups", "join", "Tuesday squad", "bob", "--share"]] {
            let done = try await offThePool { try WorkoutProcess.runBlocking(["serve"] + arguments + ["--database", club.database], input: password + "\n") }
            try #require(done.status == 0, "\(done.stderr)")
        }
        func logIn(_ name: String) -> [Browser.Step] { [.open(club.url + "login")] + ClubFixture.logInSteps(name) }
        func choose(_ select: String, _ text: String) -> String {
            "var s = document.getElementById('\(select)'); s.value = Array.from(s.options).find(function(o){return o.text === '\(text)';}).value;"
        }
        // Values in order: each evaluate's, then each audit's.
        let admin = try await Browser.run(logIn("root") + [
            .open(club.url + "admin"),
            AccessibilityAudit.step,
            .evaluate("document.getElementById('invite-name').value = 'cleo'; \(choose("invite-group", "Tuesday squad")) document.getElementById('invite').submit(); return true"),
            .waitUntil("return !!document.getElementById('account-link-url')", timeout: 30),
            AccessibilityAudit.step,
            .evaluate("return document.getElementById('account-link-url').value"),
            .evaluate("\(choose("join-athlete", "bob")) \(choose("join-group", "Tuesday squad")) document.getElementById('join-role').value = 'coach'; document.getElementById('join').submit(); return true"),
            .waitUntil("return !!document.getElementById('admin-done')", timeout: 30),
            .evaluate("return document.getElementById('admin-done').textContent"),
        ])
        #expect(admin[1] as? [String] == [], "accessibility of the admin page: \(admin[1])")
        #expect(admin[3] as? [String] == [], "accessibility of an invitation's link: \(admin[3])")
        let welcome = try #require(admin[4] as? String)
        #expect(welcome.hasPrefix(club.url + "welcome/ohk_welcome_"), "\(welcome)")
        #expect(admin[6] as? String == "bob is a coach of Tuesday squad.")

        let cleo = try await Browser.run([
            .open(welcome),
            AccessibilityAudit.step,
            .evaluate("var f = document.getElementById('welcome'); f.querySelector('[name=password]').value = 'cleo secret 1'; f.querySelector('[name=confirmation]').value = 'cleo secret 1'; f.submit(); return true"),
            .waitUntil("return !!document.getElementById('athlete-name')", timeout: 30),
            .evaluate("return document.getElementById('athlete-name').textContent"),
            .open(club.url + "account"),
            AccessibilityAudit.step,
            .evaluate("return Array.from(document.querySelectorAll('#groups tbody tr')).map(function(r){return r.textContent;})"),
            .evaluate("document.querySelector('#groups tr[data-group=\"Tuesday squad\"] td:nth-child(3) form').submit(); return true"),
            .waitUntil("return document.querySelector('#groups tbody tr') && document.querySelector('#groups tbody tr').textContent.indexOf('not shared') >= 0", timeout: 30),
            .evaluate("document.querySelector('#groups tr[data-group=\"Tuesday squad\"] td:nth-child(4) form').submit(); return true"),
            .waitUntil("return !document.getElementById('groups')", timeout: 30),
            .open(welcome),
            .evaluate("return document.title"),
        ])
        #expect(cleo[0] as? [String] == [], "accessibility of the welcome page: \(cleo[0])")
        #expect(cleo[2] as? String == "cleo", "the link logs her in")
        #expect(cleo[3] as? [String] == [], "accessibility of the account page: \(cleo[3])")
        #expect((cleo[4] as? [String])?.first?.contains("Tuesday squad") == true, "\(String(describing: cleo[4]))")
        #expect((cleo[7] as? String)?.contains("no longer works") == true, "a link works once: \(String(describing: cleo[7]))")

        // bob is removed from the club, his workouts kept: his token stops working.
        let closed = try await Browser.run(logIn("root") + [
            .open(club.url + "admin"),
            .evaluate("\(choose("close-athlete", "bob")) document.getElementById('close').submit(); return true"),
            .waitUntil("return !!document.getElementById('admin-done')", timeout: 30),
            .evaluate("return document.getElementById('admin-done').textContent"),
        ])
        #expect(closed[2] as? String == "bob is removed; their workouts stay.")
        #expect(try await HTTP.request(club.url + "api/me", headers: ["Authorization: Bearer \(club.bobToken)"]).status == 401)
    }

    /// A FIT file posted to the API is stored as the athlete's workout with the figures `workout import` gives it;
    /// the same file again, or the same ride from a recorder, gets 409; a damaged file 422 with the reader's message;
    /// no token 401; another athlete does not see it; its download reads in Garmin's SDK with every record.
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the uploads of real files"),
          .enabled(if: ExternalTool.has("curl"), "curl is missing"),
          .enabled(if: ExternalTool.pythonHas("garmin_fit_sdk"), "garmin-fit-sdk is missing (Scripts/setup installs it)"))
    func aFileUploadedThroughTheAPIIsStoredOnceAndReadsBack() async throws {
        let club = try await ClubFixture(.sqlite)
        defer { club.stop() }
        let ada = ["Authorization: Bearer \(club.adaToken)"], bob = ["Authorization: Bearer \(club.bobToken)"]
        let ride = SharedData.file("activity-files/fitparse__garmin-edge-500-ride.fit").path
        let created = try await HTTP.request(club.url + "api/workouts?filename=ride.fit", method: "POST", headers: ada, bodyFile: ride)
        #expect(created.status == 201, "\(created.body.prefix(300))")
        let id = try #require(created.json["id"] as? String)
        #expect(String(format: "%.2f", (created.json["distanceMeters"] as? Double ?? 0) / 1_000) == "92.62" && created.json["athleteName"] as? String == "ada")
        #expect((created.json["recordCount"] as? Int ?? 0) > 10_000)
        let again = try await HTTP.request(club.url + "api/workouts?filename=again.fit", method: "POST", headers: ada, bodyFile: ride)
        #expect(again.status == 409 && again.body.contains(id), "\(again.body.prefix(300))")
        let corrupt = SharedData.file("activity-files/fitparse__NEGATIVE-strava-android-truncated.fit").path
        let refused = try await HTTP.request(club.url + "api/workouts?filename=ride.fit", method: "POST", headers: ada, bodyFile: corrupt)
        let message = (refused.json["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(refused.status == 422 && message.contains("byte 7471"), "\(refused.body.prefix(300))")
        #expect(try await HTTP.request(club.url + "api/workouts?filename=ride.fit", method: "POST", bodyFile: ride).status == 401)
        #expect(try await HTTP.request(club.url + "api/workouts/\(id)", headers: bob).status == 404)
        #expect(try await club.workouts(token: club.adaToken).count == 1, "one workout, whatever was refused")

        let downloaded = club.folder.appendingPathComponent("download.fit").path
        #expect(try await HTTP.request(club.url + "api/workouts/\(id)/file?format=fit", headers: ada, output: downloaded).status == 200)
        let check = try await offThePool { try ExternalTool.python("""
            import sys
            from garmin_fit_sdk import Decoder, Stream
            d = Decoder(Stream.from_file(sys.argv[1]))
            assert d.is_fit() and d.check_integrity(), 'not a sound FIT file'
            m, e = Decoder(Stream.from_file(sys.argv[1])).read()
            assert not e, e
            print(len(m['record_mesgs']), round(m['session_mesgs'][0]['total_distance'] / 1000, 2))
            """, [downloaded]) }
        #expect(check.status == 0, "\(check.standardError)")
        #expect(check.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "\(created.json["recordCount"] as? Int ?? -1) 92.62", "\(check.standardOutput)")
    }

    /// Five wrong passwords lock the name out of the login form for a minute, the right password included, with a
    /// 429 that says until when (Retry-After); other names log in as before. (The lockout is the server's, not the database's.)
    /// A wrong PostgreSQL address (nothing on the port, no such database, a wrong password) is told at once, in
    /// PostgreSQL's words, by the server and by a command alike, instead of after the pool's minute of retries.
    @Test(.enabled(if: PostgresCluster.isAvailable, "PostgreSQL is not installed (Scripts/setup and .ci/run install it)"))
    func aWrongDatabaseAddressIsToldAtOnceWithItsReason() async throws {
        let cluster = try #require(PostgresCluster.shared)
        let role = "ohk_locked_\(UUID().uuidString.prefix(6).lowercased())"
        let locked = try cluster.passwordRole(role, password: "right horse battery")
        let freePort = try Loopback.freePort()
        let cases: [(address: String, reason: String)] = [
            ("postgres://ohk@127.0.0.1:\(freePort)/club", "Nothing listens at 127.0.0.1:\(freePort) (connection refused)"),
            ("postgres://ohk@127.0.0.1:\(cluster.port)/ohk_missing", "has no database 'ohk_missing'"),
            (locked.replacingOccurrences(of: "postgres://\(role)@", with: "postgres://\(role):wrong@"), "refused user '\(role)': password authentication failed"),
        ]
        for (address, reason) in cases {
            for command in [["serve", "--database", address, "--port", "0"], ["serve", "users", "list", "--database", address]] {
                let clock = ContinuousClock()
                let started = clock.now
                let output = try await WorkoutProcess.run(command)
                let took = clock.now - started
                #expect(output.status != 0, "\(command): \(output.stdout)")
                #expect(output.stderr.contains(reason), "\(command): \(output.stderr)")
                #expect(!output.stderr.contains("ConnectionPoolError") && !output.stderr.contains("PSQLError"), "\(output.stderr)")
                // A hang guard, not a timing goal: the pool's own retries took over a minute.
                #expect(took < .seconds(30), "\(command) took \(took)")
                print("workout \(command.prefix(2).joined(separator: " ")): \(reason.prefix(24))…, told in \(took)")
            }
        }
        // The right password gets in.
        let right = locked.replacingOccurrences(of: "postgres://\(role)@", with: "postgres://\(role):right%20horse%20battery@")
        let listed = try await WorkoutProcess.run(["serve", "users", "list", "--database", right])
        #expect(listed.status == 0, "\(listed.stderr)")
    }

    @Test(.enabled(if: ExternalTool.has("curl"), "curl is missing"))
    func fiveWrongPasswordsLockTheNameOutForAMinute() async throws {
        let club = try await ClubFixture(.sqlite)
        defer { club.stop() }
        for attempt in 1...5 {
            let wrong = try await HTTP.request(club.url + "login", method: "POST", bodyFile: try Self.file(club, "name=ada&password=guess\(attempt)"))
            #expect(wrong.status == 401, "wrong password \(attempt): \(wrong.status)")
        }
        let right = "name=ada&password=" + (ClubFixture.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        let body = try Self.file(club, right)
        let locked = try await offThePool { try ExternalTool.run("curl", ["-s", "-i", "--data-binary", "@\(body)", club.url + "login"]) }
        let head = locked.standardOutput.prefix { $0 != "<" }.lowercased()
        #expect(head.hasPrefix("http/1.1 429"), "\(head)")
        let retryAfter = head.split(separator: "\r\n").first { $0.hasPrefix("retry-after:") }.flatMap { Int($0.dropFirst("retry-after:".count).trimmingCharacters(in: .whitespaces)) }
        #expect(retryAfter.map { (1...60).contains($0) } == true, "Retry-After: \(String(describing: retryAfter))")
        #expect(locked.standardOutput.contains("Too many wrong passwords for &#39;ada&#39;"), "\(locked.standardOutput.suffix(400))")
        _ = try await club.logIn("bob")
    }

    static func file(_ club: ClubFixture, _ text: String) throws -> String {
        let path = club.folder.appendingPathComponent("body-\(UUID().uuidString)").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
