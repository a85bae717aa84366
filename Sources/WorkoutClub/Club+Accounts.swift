public import Foundation

/// What a club's admin does in the browser (invite athletes, give password resets, create groups, set roles,
/// remove members) and what an athlete does with their own groups (share, leave).
extension Club {
    /// A one-time link an admin gives an athlete to set their password: `/welcome/{secret}`.
    public struct AccountLink: Sendable, Equatable {
        /// Why it was made.
        public enum Purpose: String, Sendable {
            /// A new account, whose athlete chooses their password.
            case invitation
            /// A forgotten password.
            case passwordReset
        }
        /// The secret, in the link only: the club keeps its hash.
        public var secret: String
        /// Whose account it opens.
        public var athlete: Athlete
        /// Why it was made.
        public var purpose: Purpose
        /// When it stops working.
        public var expiresAt: Date
    }

    /// How long an invitation works.
    public static let invitationLifetime: TimeInterval = 7 * 86_400
    /// How long a password reset works.
    public static let resetLifetime: TimeInterval = 86_400

    /// A new account named `name` that no password opens yet, and the invitation that lets its athlete set one.
    ///
    /// - Throws: ``ClubError/nameTaken(_:)`` or ``ClubError/invalid(_:)`` as ``addAthlete(name:password:isAdmin:)`` does.
    public func invite(name: String) async throws -> AccountLink {
        // A random password nobody knows: the account opens only through the link until its athlete sets theirs.
        let athlete = try await addAthlete(name: name, password: SecretToken.generate())
        return try await issueAccountLink(for: athlete, purpose: .invitation)
    }

    /// A one-time link for `athlete` to set a new password, good for ``resetLifetime``; earlier unused links of theirs
    /// stop working.
    public func issuePasswordReset(for athlete: Athlete) async throws -> AccountLink {
        try await issueAccountLink(for: athlete, purpose: .passwordReset)
    }

    private func issueAccountLink(for athlete: Athlete, purpose: AccountLink.Purpose) async throws -> AccountLink {
        let secret = SecretToken.generate(prefix: "ohk_welcome_")
        let expires = now().addingTimeInterval(purpose == .invitation ? Self.invitationLifetime : Self.resetLifetime)
        _ = try await database.transaction([
            SQLStatement("UPDATE account_links SET used_at = $1 WHERE athlete_id = $2 AND used_at IS NULL", [.date(now()), .integer(athlete.id)]),
            SQLStatement("INSERT INTO account_links (token_hash, athlete_id, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)",
                         [.text(SecretToken.hash(secret)), .integer(athlete.id), .text(purpose.rawValue), .date(now()), .date(expires)]),
        ])
        return AccountLink(secret: secret, athlete: athlete, purpose: purpose, expiresAt: expires)
    }

    /// The athlete and purpose of a link that still works (unused, unexpired); nil otherwise.
    public func accountLink(_ secret: String) async throws -> (athlete: Athlete, purpose: AccountLink.Purpose)? {
        guard secret.hasPrefix("ohk_welcome_") else { return nil }
        let rows = try await database.read("""
            SELECT a.id, a.name, a.is_admin, l.purpose FROM account_links l JOIN athletes a ON a.id = l.athlete_id
            WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.expires_at > $2 AND a.closed_at IS NULL
            """, [.text(SecretToken.hash(secret)), .date(now())])
        guard let row = rows.first, let purpose = AccountLink.Purpose(rawValue: row["purpose"].text ?? "") else { return nil }
        return (Self.athlete(row), purpose)
    }

    /// Sets the password of the link's athlete and uses the link up, closing their sessions elsewhere; nil when the
    /// link no longer works (used, expired, or never made). The link is used once even when two use it at once.
    ///
    /// - Throws: ``ClubError/invalid(_:)`` for a password under 8 characters; the link then still works.
    public func redeemAccountLink(_ secret: String, password: String) async throws -> Athlete? {
        guard password.count >= 8 else { throw ClubError.invalid("A password is at least 8 characters.") }
        guard secret.hasPrefix("ohk_welcome_") else { return nil }
        let hash = try PasswordHash.make(password, rounds: passwordRounds)
        let results = try await database.transaction([
            SQLStatement("""
                UPDATE account_links SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1 RETURNING athlete_id
                """, [.date(now()), .text(SecretToken.hash(secret))]),
            SQLStatement("UPDATE athletes SET password_hash = $1 WHERE id = (SELECT athlete_id FROM account_links WHERE token_hash = $2)",
                         [.text(hash), .text(SecretToken.hash(secret))], onlyIfRowsFrom: 0),
            SQLStatement("DELETE FROM web_sessions WHERE athlete_id = (SELECT athlete_id FROM account_links WHERE token_hash = $1)",
                         [.text(SecretToken.hash(secret))], onlyIfRowsFrom: 0),
        ])
        guard let id = results[0].first?["athlete_id"].integer else { return nil }
        return try await database.read("SELECT id, name, is_admin FROM athletes WHERE id = $1", [.integer(id)]).first.map(Self.athlete)
    }

    /// A group's member as the admin page lists them.
    public struct Membership: Sendable, Equatable {
        /// The group.
        public var group: ClubGroup
        /// The member.
        public var athlete: Athlete
        /// Their role there.
        public var role: GroupRole
        /// Whether the group sees their workouts.
        public var sharesWorkouts: Bool
    }

    /// Every group, by name.
    public func allGroups() async throws -> [ClubGroup] {
        try await database.read("SELECT id, name FROM athlete_groups ORDER BY name").map(Self.group)
    }

    /// Every membership, by group then athlete name; only `athleteID`'s when given.
    public func memberships(of athleteID: Int64? = nil) async throws -> [Membership] {
        let rows = try await database.read("""
            SELECT g.id AS group_id, g.name AS group_name, a.id, a.name, a.is_admin, m.role, m.shares_workouts
            FROM group_members m JOIN athlete_groups g ON g.id = m.group_id JOIN athletes a ON a.id = m.athlete_id
            WHERE $1 < 0 OR m.athlete_id = $1 ORDER BY g.name, a.name
            """, [.integer(athleteID ?? -1)])
        return rows.map { row in
            Membership(group: ClubGroup(id: row["group_id"].integer ?? 0, name: row["group_name"].text ?? ""), athlete: Self.athlete(row),
                       role: GroupRole(rawValue: row["role"].text ?? "") ?? .member, sharesWorkouts: row["shares_workouts"].integer == 1)
        }
    }

    /// Takes `athleteID` out of group `groupID` (an admin removing a member, or a member leaving); false when they were not in it.
    @discardableResult
    public func leave(_ groupID: Int64, athlete athleteID: Int64) async throws -> Bool {
        try await database.write("DELETE FROM group_members WHERE group_id = $1 AND athlete_id = $2 RETURNING athlete_id",
                                 [.integer(groupID), .integer(athleteID)]).isEmpty == false
    }

    /// Changes a member's role in a group, keeping their sharing; false when they are not in it.
    @discardableResult
    public func setRole(_ role: GroupRole, in groupID: Int64, athlete athleteID: Int64) async throws -> Bool {
        try await database.write("UPDATE group_members SET role = $1 WHERE group_id = $2 AND athlete_id = $3 RETURNING athlete_id",
                                 [.text(role.rawValue), .integer(groupID), .integer(athleteID)]).isEmpty == false
    }

    /// Whether the group sees a member's workouts, as the member says; false when they are not in it.
    @discardableResult
    public func setSharing(_ shares: Bool, in groupID: Int64, athlete athleteID: Int64) async throws -> Bool {
        try await database.write("UPDATE group_members SET shares_workouts = $1 WHERE group_id = $2 AND athlete_id = $3 RETURNING athlete_id",
                                 [.bool(shares), .integer(groupID), .integer(athleteID)]).isEmpty == false
    }

    /// Removes athlete `id` from the club: with `keepingWorkouts`, their account is closed (it no longer logs in, its
    /// tokens are revoked, its sessions and links end) and their workouts stay, still seen by whom they were shared
    /// with (their groups, as they shared), under their name; without, the account and everything of theirs is
    /// deleted. False for an unknown athlete, or one closed already.
    @discardableResult
    public func removeAthlete(_ id: Int64, keepingWorkouts: Bool) async throws -> Bool {
        // Every server process forgets the tokens it kept, on commit.
        defer { tokenCache.forgetAll() }
        guard keepingWorkouts else {
            return try await database.transaction([SQLStatement("DELETE FROM athletes WHERE id = $1 RETURNING id", [.integer(id)])]
                                                  + accessChangedNotice(onlyIfRowsFrom: 0))[0].isEmpty == false
        }
        let results = try await database.transaction([
            SQLStatement("UPDATE athletes SET closed_at = $1 WHERE id = $2 AND closed_at IS NULL RETURNING id", [.date(now()), .integer(id)]),
            SQLStatement("UPDATE api_tokens SET revoked_at = $1 WHERE athlete_id = $2 AND revoked_at IS NULL", [.date(now()), .integer(id)], onlyIfRowsFrom: 0),
            SQLStatement("DELETE FROM web_sessions WHERE athlete_id = $1", [.integer(id)], onlyIfRowsFrom: 0),
            SQLStatement("UPDATE account_links SET used_at = $1 WHERE athlete_id = $2 AND used_at IS NULL", [.date(now()), .integer(id)], onlyIfRowsFrom: 0),
        ] + accessChangedNotice(onlyIfRowsFrom: 0))
        return !results[0].isEmpty
    }

    /// The athletes whose accounts were closed (``removeAthlete(_:keepingWorkouts:)``).
    public func closedAthletes() async throws -> Set<Int64> {
        Set(try await database.read("SELECT id FROM athletes WHERE closed_at IS NOT NULL").compactMap { $0["id"].integer })
    }

    /// The athlete whose identifier is `id`, or nil.
    public func athlete(id: Int64) async throws -> Athlete? {
        try await database.read("SELECT id, name, is_admin FROM athletes WHERE id = $1", [.integer(id)]).first.map(Self.athlete)
    }
}
