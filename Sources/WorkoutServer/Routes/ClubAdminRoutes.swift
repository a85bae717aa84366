import Foundation
import HTTPTypes
import Hummingbird
import Markup
import WorkoutClub
import WorkoutFormats

/// A club run from the browser: the admin's page (`/admin`: invite athletes, give password resets, create groups,
/// put members in groups, set roles, remove members), each athlete's own groups (`/account`: share or not, leave),
/// and the one-time links an admin gives (`/welcome/{secret}`), where an invited athlete, or one who forgot their
/// password, sets it and is logged in.
struct ClubAdminRoutes {
    let catalog: ServedClub
    /// Whether the session cookie is marked `Secure` (behind a TLS proxy).
    let secureCookies: Bool

    var club: Club { catalog.club }

    /// An admin form's fields; each action reads the ones it needs.
    struct AdminForm: Decodable {
        var csrf: String?
        var name: String?
        var athlete: String?
        var group: String?
        var role: String?
        var workouts: String?
    }

    struct MembershipForm: Decodable {
        var csrf: String?
        var group: String?
        var action: String?
    }

    struct WelcomeForm: Decodable {
        var password: String?
        var confirmation: String?
    }

    var routes: RouteCollection<ClubRequestContext> {
        let routes = RouteCollection(context: ClubRequestContext.self)
        routes.get("/admin") { request, context in
            let viewer = try admin(request, context, change: .none)
            let done = request.uri.queryParameters["done"].map { String($0) }
            return ServerResponse.html(catalog.page(title: "Club admin", body: try await adminPage(viewer: viewer, message: done, link: nil), viewer: viewer))
        }
        routes.post("/admin/:action") { request, context in
            let form = try await PageForm.decode(AdminForm.self, from: request)
            let viewer = try admin(request, context, change: .form(token: form.csrf))
            let base = origin(of: request)
            do {
                switch try context.parameters.require("action") {
                case "invite":
                    let link = try await club.invite(name: form.name ?? "")
                    if let group = try await group(form.group, required: false) { try await club.join(group.id, athlete: link.athlete.id, sharesWorkouts: true) }
                    return try await linkPage(link, base: base, viewer: viewer)
                case "reset":
                    let link = try await club.issuePasswordReset(for: try await athlete(form.athlete))
                    return try await linkPage(link, base: base, viewer: viewer)
                case "group":
                    let made = try await club.addGroup(named: form.name ?? "")
                    return ServerResponse.redirect(to: "/admin?done=" + Self.query("Group \(made.name) created."))
                case "join":
                    let (athlete, group) = (try await athlete(form.athlete), try await group(form.group, required: true)!)
                    let role = GroupRole(rawValue: form.role ?? "member") ?? .member
                    // An athlete already in the group keeps their own say on sharing; a new member shares, as invited ones do.
                    let existing = try await club.memberships(of: athlete.id).first { $0.group.id == group.id }
                    try await club.join(group.id, athlete: athlete.id, role: role, sharesWorkouts: existing?.sharesWorkouts ?? true)
                    return ServerResponse.redirect(to: "/admin?done=" + Self.query("\(athlete.name) is a \(role.rawValue) of \(group.name)."))
                case "close":
                    let athlete = try await athlete(form.athlete)
                    guard athlete.id != viewer.athlete.id else { throw ClubError.invalid("You cannot remove yourself; another admin can.") }
                    let keep = form.workouts != "delete"
                    try await club.removeAthlete(athlete.id, keepingWorkouts: keep)
                    return ServerResponse.redirect(to: "/admin?done=" + Self.query(keep ? "\(athlete.name) is removed; their workouts stay." : "\(athlete.name) and their workouts are deleted."))
                case "remove":
                    let (athlete, group) = (try await athlete(form.athlete), try await group(form.group, required: true)!)
                    let removed = try await club.leave(group.id, athlete: athlete.id)
                    return ServerResponse.redirect(to: "/admin?done=" + Self.query(removed ? "\(athlete.name) left \(group.name)." : "\(athlete.name) was not in \(group.name)."))
                default:
                    throw WebError(.notFound, title: "No such action", message: "The admin page's forms invite, reset, group, join, remove and close.")
                }
            } catch let error as ClubError {
                let page = try await adminPage(viewer: viewer, message: nil, link: nil, problem: error.description)
                return ServerResponse.html(catalog.page(title: "Club admin", body: page, viewer: viewer), status: .unprocessableContent)
            }
        }
        routes.get("/account") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .none)
            return ServerResponse.html(catalog.page(title: "Your account", body: try await accountPage(viewer: viewer), viewer: viewer))
        }
        routes.post("/account/groups") { request, context in
            let form = try await PageForm.decode(MembershipForm.self, from: request)
            let viewer = try catalog.viewer(of: request, context: context, change: .form(token: form.csrf))
            guard ["leave", "share", "unshare"].contains(form.action ?? "") else {
                throw WebError.badRequest("Bad action", "action=\(form.action ?? "") is none of leave, share and unshare.")
            }
            // Each change says whether the viewer was in the group: one statement, no separate check.
            var changed = false
            if let group = try? await group(form.group, required: true) {
                changed = form.action == "leave" ? try await club.leave(group.id, athlete: viewer.athlete.id)
                    : try await club.setSharing(form.action == "share", in: group.id, athlete: viewer.athlete.id)
            }
            guard changed else {
                throw WebError.badRequest("Not your group", "You are not in group '\(form.group ?? "")'; your groups are listed on /account.")
            }
            return ServerResponse.redirect(to: "/account")
        }
        routes.get("/welcome/:secret") { _, context in
            let secret = try context.parameters.require("secret")
            guard let (athlete, purpose) = try await club.accountLink(secret) else { throw expiredLink }
            return ServerResponse.html(welcomePage(athlete: athlete, purpose: purpose, secret: secret, problem: nil))
        }
        routes.post("/welcome/:secret") { request, context in
            if request.headers[HTTPField.Name("Sec-Fetch-Site")!] == "cross-site" {
                throw WebError(.forbidden, title: "Refused", message: "This form came from another site; open your link again.")
            }
            let secret = try context.parameters.require("secret")
            guard let (athlete, purpose) = try await club.accountLink(secret) else { throw expiredLink }
            let form = try await PageForm.decode(WelcomeForm.self, from: request)
            let password = form.password ?? ""
            guard password == form.confirmation else {
                return ServerResponse.html(welcomePage(athlete: athlete, purpose: purpose, secret: secret, problem: "The two passwords differ; type the same one twice."),
                                           status: .unprocessableContent)
            }
            let redeemed: Athlete?
            do { redeemed = try await club.redeemAccountLink(secret, password: password) } catch let error as ClubError {
                return ServerResponse.html(welcomePage(athlete: athlete, purpose: purpose, secret: secret, problem: error.description), status: .unprocessableContent)
            }
            guard let redeemed else { throw expiredLink }
            let (session, _) = try await club.openSession(for: redeemed)
            var response = ServerResponse.redirect(to: "/")
            response.setCookie(Cookie(name: ClubViewer.cookieName, value: session, maxAge: 2_592_000, path: "/", secure: secureCookies, httpOnly: true, sameSite: .lax))
            return response
        }
        return routes
    }

    var expiredLink: WebError {
        WebError(.notFound, title: "This link no longer works",
                 message: "It was used already, or it expired (an invitation after 7 days, a password reset after a day). Ask the club's admin for a new one.")
    }

    /// The viewer, when they are the club's admin; else a refusal saying who is.
    func admin(_ request: Request, _ context: ClubRequestContext, change: CatalogChange) throws -> ClubViewer {
        let viewer = try catalog.viewer(of: request, context: context, change: change)
        guard viewer.athlete.isAdmin else {
            throw WebError(.forbidden, title: "Admins only", message: "Only the club's admins run it; `workout serve users add NAME --admin` makes one.")
        }
        return viewer
    }

    func athlete(_ id: String?) async throws -> Athlete {
        guard let id = id.flatMap(Int64.init), let athlete = try await club.athlete(id: id) else {
            throw ClubError.invalid("No athlete has the identifier '\(id ?? "")'; choose one from the list.")
        }
        return athlete
    }

    func group(_ id: String?, required: Bool) async throws -> ClubGroup? {
        guard let id, !id.isEmpty else {
            if required { throw ClubError.invalid("Choose a group.") }
            return nil
        }
        guard let number = Int64(id), let group = try await club.allGroups().first(where: { $0.id == number }) else {
            throw ClubError.invalid("No group has the identifier '\(id)'; choose one from the list.")
        }
        return group
    }

    /// `http://host:port` as the request reached the server, for the links an admin passes on.
    func origin(of request: Request) -> String {
        let proto = request.headers[HTTPField.Name("X-Forwarded-Proto")!] ?? (secureCookies ? "https" : "http")
        return "\(proto)://\(request.head.authority ?? "localhost")"
    }

    static func query(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "" }

    func linkPage(_ link: Club.AccountLink, base: String, viewer: ClubViewer) async throws -> Response {
        let url = "\(base)/welcome/\(link.secret)"
        let what = link.purpose == .invitation ? "\(link.athlete.name) is invited" : "A new password for \(link.athlete.name)"
        let body = try await adminPage(viewer: viewer, message: nil, link: (what, url, link.expiresAt))
        return ServerResponse.html(catalog.page(title: "Club admin", body: body, viewer: viewer))
    }

    func adminPage(viewer: ClubViewer, message: String?, link: (what: String, url: String, expires: Date)?, problem: String? = nil) async throws -> HTML {
        let athletes = try await club.athletes(), groups = try await club.allGroups(), memberships = try await club.memberships()
        let closed = try await club.closedAthletes()
        let fields = catalog.formFields(viewer: viewer)
        var html: HTML = problem.map { "<p class=\"message\" role=\"alert\" id=\"error-message\">\($0)</p>" } ?? .empty
        if let message { html += "<p role=\"status\" id=\"admin-done\">\(message)</p>" }
        if let link {
            html += "<p role=\"status\" id=\"account-link\">\(link.what): give them this link, which works once, until "
            html += "\(WorkoutDateText.dateTime(link.expires, in: catalog.configuration.timeZone, zone: true)). It is shown only now.</p>"
            html += "<p><input id=\"account-link-url\" readonly value=\"\(link.url)\" aria-label=\"The link\" size=\"60\"></p>"
        }
        func options(_ items: [(String, String)]) -> HTML { items.map { "<option value=\"\($0.0)\">\($0.1)</option>" }.joined() }
        let athleteOptions = options(athletes.map { (String($0.id), $0.name) }), groupOptions = options(groups.map { (String($0.id), $0.name) })
        html += "<section aria-labelledby=\"members-heading\"><h2 id=\"members-heading\">Athletes</h2><div class=\"scroll\"><table id=\"athletes\"><thead><tr>"
        html += "<th scope=\"col\">Name</th><th scope=\"col\">Groups</th><th scope=\"col\">Password</th></tr></thead><tbody>"
        for athlete in athletes {
            let theirs = memberships.filter { $0.athlete.id == athlete.id }.map { "\($0.group.name) (\($0.role.rawValue)\($0.sharesWorkouts ? "" : ", not sharing"))" }
            let state = closed.contains(athlete.id) ? " (removed)" : athlete.isAdmin ? " (admin)" : ""
            html += "<tr data-athlete=\"\(athlete.name)\"><td>\(athlete.name)\(state)</td><td>\(theirs.isEmpty ? "–" : theirs.joined(separator: ", "))</td><td>"
            if !closed.contains(athlete.id) {
                html += "<form method=\"post\" action=\"/admin/reset\">\(fields)<input type=\"hidden\" name=\"athlete\" value=\"\(athlete.id)\">"
                html += "<button type=\"submit\" aria-label=\"New password link for \(athlete.name)\">Reset link</button></form>"
            }
            html += "</td></tr>"
        }
        html += "</tbody></table></div></section>"
        html += "<section aria-labelledby=\"invite-heading\"><h2 id=\"invite-heading\">Invite an athlete</h2>"
        html += "<form method=\"post\" action=\"/admin/invite\" class=\"edit\" id=\"invite\">\(fields)<label for=\"invite-name\">Name<input id=\"invite-name\" name=\"name\" required maxlength=\"100\"></label>"
        html += "<label for=\"invite-group\">Into group<select id=\"invite-group\" name=\"group\"><option value=\"\">None</option>\(groupOptions)</select></label>"
        html += "<button type=\"submit\">Invite</button></form><p class=\"hint\">They get a link to choose their password; nobody else ever knows it.</p></section>"
        html += "<section aria-labelledby=\"groups-heading\"><h2 id=\"groups-heading\">Groups</h2>"
        html += "<form method=\"post\" action=\"/admin/join\" class=\"edit\" id=\"join\">\(fields)"
        html += "<label for=\"join-athlete\">Athlete<select id=\"join-athlete\" name=\"athlete\">\(athleteOptions)</select></label>"
        html += "<label for=\"join-group\">Group<select id=\"join-group\" name=\"group\">\(groupOptions)</select></label>"
        html += "<label for=\"join-role\">As<select id=\"join-role\" name=\"role\"><option value=\"member\">Member</option><option value=\"coach\">Coach (sees every member's workouts)</option></select></label>"
        html += "<button type=\"submit\">Put in the group</button></form>"
        html += "<form method=\"post\" action=\"/admin/remove\" class=\"edit\" id=\"remove\">\(fields)"
        html += "<label for=\"remove-athlete\">Athlete<select id=\"remove-athlete\" name=\"athlete\">\(athleteOptions)</select></label>"
        html += "<label for=\"remove-group\">Group<select id=\"remove-group\" name=\"group\">\(groupOptions)</select></label>"
        html += "<button type=\"submit\">Take out of the group</button></form>"
        html += "<form method=\"post\" action=\"/admin/group\" class=\"edit\" id=\"new-group\">\(fields)<label for=\"group-name\">New group<input id=\"group-name\" name=\"name\" required maxlength=\"100\"></label>"
        html += "<button type=\"submit\">Create</button></form></section>"
        html += "<section aria-labelledby=\"close-heading\"><h2 id=\"close-heading\">Remove from the club</h2>"
        html += "<form method=\"post\" action=\"/admin/close\" class=\"edit\" id=\"close\">\(fields)"
        html += "<label for=\"close-athlete\">Athlete<select id=\"close-athlete\" name=\"athlete\">\(options(athletes.filter { !closed.contains($0.id) && $0.id != viewer.athlete.id }.map { (String($0.id), $0.name) }))</select></label>"
        html += "<fieldset><legend>Their workouts</legend><label class=\"check\"><input type=\"radio\" name=\"workouts\" value=\"keep\" checked> Keep them, "
        html += "seen as they were shared (the account no longer logs in; its tokens stop working)</label>"
        html += "<label class=\"check\"><input type=\"radio\" name=\"workouts\" value=\"delete\"> Delete them with the account</label></fieldset>"
        html += "<button type=\"submit\">Remove</button></form></section>"
        return html
    }

    func accountPage(viewer: ClubViewer) async throws -> HTML {
        let fields = catalog.formFields(viewer: viewer)
        var html: HTML = "<p>Logged in as <strong>\(viewer.athlete.name)</strong>.\(viewer.athlete.isAdmin ? " <a href=\"/admin\">Club admin</a>" : "")</p>"
        html += "<p id=\"account-links\"><a href=\"/settings/safety\">Safety alerts</a> while you ride live · <a href=\"/settings/forwards\">Rides sent on</a> to Strava and intervals.icu</p>"
        html += "<section aria-labelledby=\"your-groups\"><h2 id=\"your-groups\">Your groups</h2>"
        let memberships = try await club.memberships(of: viewer.athlete.id)
        if memberships.isEmpty { return html + "<p>None yet: the club's admin puts you in groups.</p></section>" }
        html += "<div class=\"scroll\"><table id=\"groups\"><thead><tr><th scope=\"col\">Group</th><th scope=\"col\">Role</th><th scope=\"col\">Your workouts</th><th scope=\"col\"></th></tr></thead><tbody>"
        for membership in memberships {
            let group = HTML.raw("<input type=\"hidden\" name=\"group\" value=\"\(membership.group.id)\">")
            html += "<tr data-group=\"\(membership.group.name)\"><td>\(membership.group.name)</td><td>\(membership.role.rawValue)</td><td>"
            html += "<form method=\"post\" action=\"/account/groups\">\(fields)\(group)<input type=\"hidden\" name=\"action\" value=\"\(membership.sharesWorkouts ? "unshare" : "share")\">"
            html += "\(membership.sharesWorkouts ? "shared" : "not shared") <button type=\"submit\">\(membership.sharesWorkouts ? "Stop sharing" : "Share")</button></form></td>"
            html += "<td><form method=\"post\" action=\"/account/groups\">\(fields)\(group)<input type=\"hidden\" name=\"action\" value=\"leave\">"
            html += "<button type=\"submit\" aria-label=\"Leave \(membership.group.name)\">Leave</button></form></td></tr>"
        }
        return html + "</tbody></table></div><p class=\"hint\">A coach sees every member's workouts but those you make private.</p></section>"
    }

    func welcomePage(athlete: Athlete, purpose: Club.AccountLink.Purpose, secret: String, problem: String?) -> HTML {
        let title = purpose == .invitation ? "Welcome, \(athlete.name)" : "A new password for \(athlete.name)"
        var body: HTML = problem.map { "<p class=\"message\" role=\"alert\" id=\"error-message\">\($0)</p>" } ?? .empty
        body += "<form method=\"post\" action=\"/welcome/\(secret)\" class=\"upload\" id=\"welcome\">"
        body += "<input name=\"name\" autocomplete=\"username\" value=\"\(athlete.name)\" hidden>"
        body += "<label>Password (8 characters or more)<input name=\"password\" type=\"password\" autocomplete=\"new-password\" minlength=\"8\" required></label>"
        body += "<label>The same again<input name=\"confirmation\" type=\"password\" autocomplete=\"new-password\" minlength=\"8\" required></label>"
        body += "<button type=\"submit\">Set the password and log in</button></form>"
        return ClubPage.layout(title: title, body: body, csrf: nil)
    }
}
