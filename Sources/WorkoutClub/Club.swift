public import Foundation
import Synchronization

/// A club's athletes, their tokens and sessions, their groups and their
/// workouts, kept in any ``ClubDatabase``: the same logic, the same statements,
/// on SQLite or PostgreSQL.
///
/// Every read of workouts takes the athlete asking: they see their own, and those
/// of athletes who share theirs with a group they belong to; they change only
/// their own.
public final class Club: Sendable {
    /// Where the club is kept.
    public let database: any ClubDatabase
    /// The time now; the real clock in the server, a fixed one in tests.
    public let now: @Sendable () -> Date
    /// PBKDF2 rounds for new passwords.
    let passwordRounds: Int
    /// How wrong passwords lock a name out; the count is kept in the database.
    let throttle: LoginThrottle
    /// Where password checks run: off the cooperative threads, a few at a time.
    let passwordChecks: PasswordChecks
    /// The bearer tokens found good, while every revocation is heard (``heard(_:)``).
    let tokenCache = TokenCache()

    /// A club kept in `database`. Call ``migrate()`` before anything else.
    ///
    /// - Parameters:
    ///   - passwordRounds: PBKDF2 rounds for new passwords; keep the default outside tests.
    ///   - throttle: how many wrong passwords lock a name out of ``logIn(name:password:)``, and for how long.
    ///   - concurrentPasswordChecks: password checks that run at once (default: one per core); as many again may wait,
    ///     and logins past that are refused with ``ClubError/busy``.
    public init(database: any ClubDatabase, passwordRounds: Int = PasswordHash.defaultRounds, throttle: LoginThrottle = LoginThrottle(),
                concurrentPasswordChecks: Int = ProcessInfo.processInfo.activeProcessorCount, now: @escaping @Sendable () -> Date) {
        self.database = database
        self.passwordRounds = passwordRounds
        self.throttle = throttle
        let width = max(1, concurrentPasswordChecks)
        passwordChecks = PasswordChecks(width: width, backlog: 16 * width)
        self.now = now
    }

    /// Brings the database's tables up to date; returns the migrations applied now.
    @discardableResult
    public func migrate() async throws -> [Int] {
        try await ClubSchema.migrate(database, at: now())
    }

    // MARK: Athletes

    /// Creates an account.
    ///
    /// - Throws: ``ClubError/nameTaken(_:)`` when the name is in use; ``ClubError/invalid(_:)`` for an empty name or a short password.
    public func addAthlete(name: String, password: String, isAdmin: Bool = false) async throws -> Athlete {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= 100, !Self.hasControlCharacters(name) else {
            throw ClubError.invalid("An athlete's name is 1 to 100 characters, none of them control characters.")
        }
        guard password.count >= 8 else { throw ClubError.invalid("A password is at least 8 characters.") }
        let hash = try PasswordHash.make(password, rounds: passwordRounds)
        let rows = try await database.write(
            "INSERT INTO athletes (name, password_hash, is_admin, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (name) DO NOTHING RETURNING id",
            [.text(name), .text(hash), .bool(isAdmin), .date(now())])
        guard let id = rows.first?["id"].integer else { throw ClubError.nameTaken(name) }
        return Athlete(id: id, name: name, isAdmin: isAdmin)
    }

    /// Every account, by name.
    public func athletes() async throws -> [Athlete] {
        try await database.read("SELECT id, name, is_admin FROM athletes ORDER BY name").map(Self.athlete)
    }

    /// The account named `name`, or nil.
    public func athlete(named name: String) async throws -> Athlete? {
        guard !name.contains("\u{0}") else { return nil }
        return try await database.read("SELECT id, name, is_admin FROM athletes WHERE name = $1", [.text(name)]).first.map(Self.athlete)
    }

    /// The account whose name and password these are, or nil (the same nil for an unknown name and a wrong password).
    ///
    /// Wrong passwords are counted per name in the database by the club's ``LoginThrottle``, so that every server
    /// process on one database counts them together: a name locked out is refused before its password is checked,
    /// even with the right one.
    ///
    /// - Throws: ``ClubError/tooManyAttempts(name:until:)`` while `name` is locked out; ``ClubError/busy`` when
    ///   more logins are being checked than the club takes at once.
    public func logIn(name: String, password: String) async throws -> Athlete? {
        guard !name.contains("\u{0}") else { return nil }
        let asked = now()
        if let until = try await lockedUntil(name, at: asked) { throw ClubError.tooManyAttempts(name: name, until: until) }
        let rows = try await database.read("SELECT id, name, is_admin, password_hash FROM athletes WHERE name = $1 AND closed_at IS NULL", [.text(name)])
        // A name without an account is checked against a decoy, as long as a real check, so timing does not tell which names exist.
        let stored = rows.first?["password_hash"].text ?? Self.decoyHash
        guard let matches = await passwordChecks.run({ PasswordHash.verify(password, against: stored) }) else { throw ClubError.busy }
        guard matches, let row = rows.first else {
            try await failedLogIn(name, at: asked)
            return nil
        }
        _ = try await database.transaction([SQLStatement("DELETE FROM login_failures WHERE name = $1", [.text(name)]),
                                            SQLStatement("DELETE FROM login_lockouts WHERE name = $1", [.text(name)])])
        return Self.athlete(row)
    }

    /// When `name` may try again, if it is locked out at `now`.
    func lockedUntil(_ name: String, at now: Date) async throws -> Date? {
        try await database.read("SELECT locked_until FROM login_lockouts WHERE name = $1 AND locked_until > $2", [.text(name), .date(now)])
            .first?["locked_until"].date
    }

    /// Counts a wrong password for `name`, and locks the name out when it makes ``LoginThrottle/allowedFailures``
    /// within the window. Each failure is a row of its own and a lockout one update, so two server processes counting
    /// at once lose nothing; wrong passwords older than the window, and lockouts long over, are forgotten on the way.
    func failedLogIn(_ name: String, at now: Date) async throws {
        let counted = try await database.transaction([
            SQLStatement("INSERT INTO login_failures (name, failed_at) VALUES ($1, $2)", [.text(name), .date(now)]),
            SQLStatement("DELETE FROM login_failures WHERE failed_at <= $1", [.date(now.addingTimeInterval(-throttle.window))]),
            SQLStatement("DELETE FROM login_lockouts WHERE locked_until <= $1", [.date(now.addingTimeInterval(-throttle.longestLockout))]),
            SQLStatement("SELECT count(*) AS failures FROM login_failures WHERE name = $1", [.text(name)]),
        ])
        guard let failures = counted.last?.first?["failures"].integer, failures >= throttle.allowedFailures else { return }
        // The lockout's length from the lockouts before it, in one statement: twice the one before, up to the longest.
        let lengths = throttle.growingLengths.enumerated().map { "WHEN \($0.offset) THEN \($0.element)" }.joined(separator: " ")
        let length = lengths.isEmpty ? "\(throttle.longestLockout)" : "CASE lockouts \(lengths) ELSE \(throttle.longestLockout) END"
        _ = try await database.transaction([
            SQLStatement("INSERT INTO login_lockouts (name, lockouts, locked_until) VALUES ($1, 0, $2) ON CONFLICT (name) DO NOTHING", [.text(name), .date(now)]),
            SQLStatement("UPDATE login_lockouts SET locked_until = $2 + \(length), lockouts = lockouts + 1 WHERE name = $1", [.text(name), .date(now)]),
            SQLStatement("DELETE FROM login_failures WHERE name = $1", [.text(name)]),
        ])
    }

    /// Sets a new password.
    public func setPassword(of athleteID: Int64, to password: String) async throws {
        guard password.count >= 8 else { throw ClubError.invalid("A password is at least 8 characters.") }
        let hash = try PasswordHash.make(password, rounds: passwordRounds)
        try await database.execute("UPDATE athletes SET password_hash = $1 WHERE id = $2", [.text(hash), .integer(athleteID)])
    }

    // MARK: Tokens

    /// Makes a token for a recorder of `athleteID`; the secret is in the result only.
    public func issueToken(for athleteID: Int64, label: String, expiresAt: Date? = nil) async throws -> IssuedToken {
        guard label.count <= 200, !Self.hasControlCharacters(label) else { throw ClubError.invalid("A token's label is at most 200 characters, none of them control characters.") }
        let secret = SecretToken.generate(prefix: "ohk_")
        let created = now()
        let rows = try await database.write(
            "INSERT INTO api_tokens (athlete_id, label, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
            [.integer(athleteID), .text(label), .text(SecretToken.hash(secret)), .date(created), .date(expiresAt)])
        guard let id = rows.first?["id"].integer else { throw ClubError.invalid("The token was not stored.") }
        return IssuedToken(token: APIToken(id: id, athleteID: athleteID, label: label, createdAt: created, expiresAt: expiresAt, revokedAt: nil), secret: secret)
    }

    /// The tokens of an athlete, revoked ones too, oldest first.
    public func tokens(of athleteID: Int64) async throws -> [APIToken] {
        try await database.read(
            "SELECT id, athlete_id, label, created_at, expires_at, revoked_at FROM api_tokens WHERE athlete_id = $1 ORDER BY id", [.integer(athleteID)]
        ).map { row in
            APIToken(id: row["id"].integer ?? 0, athleteID: row["athlete_id"].integer ?? 0, label: row["label"].text ?? "",
                     createdAt: row["created_at"].date ?? .distantPast, expiresAt: row["expires_at"].date, revokedAt: row["revoked_at"].date)
        }
    }

    /// Revokes a token at once, on every server process; false when there is no such usable token.
    @discardableResult
    public func revokeToken(_ id: Int64) async throws -> Bool {
        let results = try await database.transaction([
            SQLStatement("UPDATE api_tokens SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL RETURNING id", [.date(now()), .integer(id)]),
        ] + accessChangedNotice(onlyIfRowsFrom: 0))
        tokenCache.forgetAll()
        return !results[0].isEmpty
    }

    /// The athlete a secret token opens now, or nil when it is unknown, revoked or expired.
    ///
    /// While the database's listener hears every revocation (``heard(_:)``), a token found is kept and not looked
    /// up again for up to a minute: a revocation or an account removed, on any process, forgets every token kept.
    public func athlete(forToken secret: String) async throws -> Athlete? {
        let hash = SecretToken.hash(secret), at = now()
        if let athlete = tokenCache.athlete(hash: hash, at: at) { return athlete }
        let generation = tokenCache.generation
        let rows = try await database.read("""
            SELECT a.id, a.name, a.is_admin, t.expires_at FROM api_tokens t JOIN athletes a ON a.id = t.athlete_id
            WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > $2) AND a.closed_at IS NULL
            """, [.text(hash), .date(at)])
        guard let row = rows.first else { return nil }
        let athlete = Self.athlete(row)
        tokenCache.keep(athlete, expiresAt: row["expires_at"].date, hash: hash, at: at, since: generation)
        return athlete
    }

    /// The payload notified on ``liveChannel`` when a token is revoked or an account removed: every server
    /// process forgets the tokens it kept.
    public static let accessNotice = "access"

    /// Tells the club what the database's listener heard: listening (again) lets found tokens be kept, as every
    /// revocation will be heard (on PostgreSQL only, where other processes notify); ``accessNotice`` forgets them.
    /// Tell it ``DatabaseNotice/lost`` when the listener stops too.
    public func heard(_ notice: DatabaseNotice) {
        switch notice {
        case .listening: tokenCache.trust(database.dialect == .postgres)
        case .lost: tokenCache.trust(false)
        case .payload(let text) where text == Self.accessNotice: tokenCache.forgetAll()
        case .payload: break
        }
    }

    /// The statement telling every server process that access changed, in the transaction that changes it
    /// (PostgreSQL delivers it on commit); none where no other process listens.
    func accessChangedNotice(onlyIfRowsFrom statement: Int) -> [SQLStatement] {
        guard database.dialect == .postgres else { return [] }
        return [SQLStatement("SELECT CAST(pg_notify($1, $2) AS TEXT) AS notified", [.text(Self.liveChannel), .text(Self.accessNotice)],
                             onlyIfRowsFrom: statement)]
    }

    // MARK: Web sessions

    /// Opens a browser session for `athlete`; returns the cookie's secret and the session.
    public func openSession(for athlete: Athlete, lasting seconds: TimeInterval = 30 * 86_400) async throws -> (secret: String, session: WebSession) {
        let secret = SecretToken.generate()
        let csrf = SecretToken.generate()
        let created = now()
        try await database.execute(
            "INSERT INTO web_sessions (id_hash, athlete_id, csrf_token, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)",
            [.text(SecretToken.hash(secret)), .integer(athlete.id), .text(csrf), .date(created), .date(created.addingTimeInterval(seconds))])
        return (secret, WebSession(athlete: athlete, csrfToken: csrf))
    }

    /// The session a cookie's secret opens now, or nil.
    public func session(forCookie secret: String) async throws -> WebSession? {
        let rows = try await database.read("""
            SELECT a.id, a.name, a.is_admin, s.csrf_token FROM web_sessions s JOIN athletes a ON a.id = s.athlete_id
            WHERE s.id_hash = $1 AND s.expires_at > $2 AND a.closed_at IS NULL
            """, [.text(SecretToken.hash(secret)), .date(now())])
        return rows.first.map { WebSession(athlete: Self.athlete($0), csrfToken: $0["csrf_token"].text ?? "") }
    }

    /// Ends a browser session.
    public func closeSession(cookie secret: String) async throws {
        try await database.execute("DELETE FROM web_sessions WHERE id_hash = $1", [.text(SecretToken.hash(secret))])
    }

    // MARK: Groups

    /// Creates a group.
    ///
    /// - Throws: ``ClubError/nameTaken(_:)`` when a group has the name.
    public func addGroup(named name: String) async throws -> ClubGroup {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= 100, !Self.hasControlCharacters(name) else {
            throw ClubError.invalid("A group's name is 1 to 100 characters, none of them control characters.")
        }
        let rows = try await database.write("INSERT INTO athlete_groups (name, created_at) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING id",
                                           [.text(name), .date(now())])
        guard let id = rows.first?["id"].integer else { throw ClubError.nameTaken(name) }
        return ClubGroup(id: id, name: name)
    }

    /// The group named `name`, or nil.
    public func group(named name: String) async throws -> ClubGroup? {
        guard !name.contains("\u{0}") else { return nil }
        return try await database.read("SELECT id, name FROM athlete_groups WHERE name = $1", [.text(name)]).first.map(Self.group)
    }

    /// The groups `athleteID` belongs to, by name.
    public func groups(of athleteID: Int64) async throws -> [ClubGroup] {
        try await database.read("""
            SELECT g.id, g.name FROM athlete_groups g JOIN group_members m ON m.group_id = g.id WHERE m.athlete_id = $1 ORDER BY g.name
            """, [.integer(athleteID)]).map(Self.group)
    }

    /// Puts an athlete in a group, or changes their role and sharing there.
    ///
    /// - Parameter sharesWorkouts: Whether the group's members see this athlete's workouts.
    public func join(_ groupID: Int64, athlete athleteID: Int64, role: GroupRole = .member, sharesWorkouts: Bool) async throws {
        try await database.execute("""
            INSERT INTO group_members (group_id, athlete_id, role, shares_workouts) VALUES ($1, $2, $3, $4)
            ON CONFLICT (group_id, athlete_id) DO UPDATE SET role = excluded.role, shares_workouts = excluded.shares_workouts
            """, [.integer(groupID), .integer(athleteID), .text(role.rawValue), .bool(sharesWorkouts)])
    }

    /// Whether `text` holds a control character (NUL, which PostgreSQL's text cannot hold, among them).
    static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// The athlete of a row with `id`, `name` and `is_admin`.
    static func athlete(_ row: SQLRow) -> Athlete {
        Athlete(id: row["id"].integer ?? 0, name: row["name"].text ?? "", isAdmin: row["is_admin"].integer == 1)
    }

    /// The group of a row with `id` and `name`.
    static func group(_ row: SQLRow) -> ClubGroup {
        ClubGroup(id: row["id"].integer ?? 0, name: row["name"].text ?? "")
    }

    /// A hash no password matches, checked for unknown names.
    private static let decoyHash = "pbkdf2-sha256$600000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
}
