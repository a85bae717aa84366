public import Foundation

/// A live session as the club keeps it.
public struct LiveSession: Sendable, Hashable {
    /// The recorder's identifier for it.
    public var id: UUID
    /// Whose it is.
    public var athleteID: Int64
    /// When its first point came.
    public var startedAt: Date
    /// When its last point came.
    public var updatedAt: Date
    /// When its recorder said it ended; nil while it runs.
    public var endedAt: Date?
}

/// A rider on the club's map of everyone riding now.
public struct RidingNow: Sendable, Equatable {
    /// Their live session.
    public var session: UUID
    /// Who.
    public var athleteID: Int64
    /// Their name.
    public var athleteName: String
    /// When the session began.
    public var startedAt: Date
    /// When it was last heard from.
    public var updatedAt: Date
    /// Where they were last, if their recorder has a position.
    public var latitude: Double?
    /// Where they were last, if their recorder has a position.
    public var longitude: Double?
    /// An open alert (the first by kind), if any.
    public var alert: LiveAlert.Kind?
}

/// One point of a live session: its place in the session's order, and the recorder's snapshot as JSON.
public struct LivePoint: Sendable, Hashable {
    /// 1, 2, … in the order the recorder took them.
    public var sequence: Int64
    /// The recorder's snapshot, as it sent it.
    public var body: String
    /// Whether the session had ended when the point was read (the last point read then is its last).
    public var sessionEnded: Bool = false

    /// A point.
    public init(sequence: Int64, body: String, sessionEnded: Bool = false) {
        self.sequence = sequence
        self.body = body
        self.sessionEnded = sessionEnded
    }
}

/// What PostgreSQL's notification of a stored live point says: the session and, when it fits (a notification
/// carries at most 8,000 bytes), the point itself, so that servers pass it on without reading it back.
///
/// The payload is the session's identifier, then for a point that fits its sequence, `1` or `0` for whether it
/// ended the session and its body, separated by single spaces.
public struct LivePointNotice: Sendable, Hashable {
    /// The session stored to.
    public var session: UUID
    /// The point stored, when its body fits.
    public var point: LivePoint?

    /// A notice of `point` of `session`; the point is left out when its body is longer than ``largestBody``.
    public init(session: UUID, point: LivePoint?) {
        self.session = session
        self.point = point.flatMap { $0.body.utf8.count <= Self.largestBody ? $0 : nil }
    }

    /// The notice a payload says, or nil when it says none (another notice on the channel).
    public init?(payload: String) {
        let parts = payload.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        guard let first = parts.first, let session = UUID(uuidString: String(first)) else { return nil }
        self.session = session
        guard parts.count == 4 else {
            guard parts.count == 1 else { return nil }
            return
        }
        guard let sequence = Int64(parts[1]), sequence >= 1, parts[2] == "0" || parts[2] == "1" else { return nil }
        point = LivePoint(sequence: sequence, body: String(parts[3]), sessionEnded: parts[2] == "1")
    }

    /// The notification's payload.
    public var payload: String {
        guard let point else { return session.uuidString }
        return "\(session.uuidString) \(point.sequence) \(point.sessionEnded ? 1 : 0) \(point.body)"
    }

    /// The longest body a notice carries, in bytes: with the rest, under PostgreSQL's 8,000.
    public static let largestBody = 7_800
}

extension Club {
    /// The channel every server process listens on: PostgreSQL notifies it of each live point stored
    /// (``LivePointNotice``), of alerts changed (``alertNoticePrefix``) and of access revoked (``accessNotice``).
    public static let liveChannel = "live_points"

    /// Stores point `sequence` of live session `session` of `athleteID`, whose body is the recorder's JSON; with
    /// `ended`, the session is over. A point stored already (a recorder sending again after a lost answer) is kept
    /// as it was. On PostgreSQL the same transaction notifies ``liveChannel`` with the session's identifier and the
    /// point (``LivePointNotice``), so every server process listening learns of it once it is committed, and never
    /// of one rolled back.
    ///
    /// - Returns: whether the point was new.
    /// - Throws: ``ClubError/invalid(_:)`` when another athlete's session has this identifier, for a sequence below 1,
    ///   or for a body over 64 KB.
    /// `position`, the newest the point carries (latitude and longitude in degrees), tells whether the rider moved: 50 m
    /// from where they last moved from clears a "not moved" alert (``LiveAlert``); any new point clears "not heard
    /// from", and the last point every alert.
    @discardableResult
    public func storeLivePoint(session: UUID, sequence: Int64, body: String, ended: Bool, athleteID: Int64,
                               position: (latitude: Double, longitude: Double)? = nil) async throws -> Bool {
        guard sequence >= 1 else { throw ClubError.invalid("A live point's sequence starts at 1.") }
        guard body.utf8.count <= 64 << 10 else { throw ClubError.invalid("A live point is at most 64 KB.") }
        let id = session.uuidString, at = now()
        let notice = LivePointNotice(session: session, point: LivePoint(sequence: sequence, body: body, sessionEnded: ended)).payload
        let place = position.flatMap { $0.latitude.isFinite && $0.longitude.isFinite && abs($0.latitude) <= 90 && abs($0.longitude) <= 180 ? $0 : nil }
        // 50 m from the anchor (a local flat projection, plenty at that scale) is a move: the anchor moves there.
        let metresPerDegree = 111_320.0, east = place.map { metresPerDegree * cos($0.latitude * .pi / 180) } ?? 0
        // Typed, for PostgreSQL to know a position sent as NULL.
        let latitude = "CAST($5 AS DOUBLE PRECISION)", longitude = "CAST($6 AS DOUBLE PRECISION)"
        let moves = """
            (\(latitude) IS NOT NULL AND (live_sessions.anchor_latitude IS NULL
              OR (\(latitude) - live_sessions.anchor_latitude) * $7 * (\(latitude) - live_sessions.anchor_latitude) * $7
               + (\(longitude) - live_sessions.anchor_longitude) * $8 * (\(longitude) - live_sessions.anchor_longitude) * $8 > 2500.0))
            """
        // The session made or moved on in one statement: heard from now, where the rider is, the anchor moved when 50 m
        // away, the end with the last point. Only the owner's session moves on; another athlete's identifier stores
        // nothing. Parameters $1…$8.
        let session = """
                INSERT INTO live_sessions (id, athlete_id, started_at, updated_at, ended_at, last_latitude, last_longitude,
                                           anchor_latitude, anchor_longitude, moved_at)
                VALUES ($1, $2, $3, $3, CASE WHEN $4 = 1 THEN $3 END, \(latitude), \(longitude), \(latitude), \(longitude), CASE WHEN \(latitude) IS NOT NULL THEN $3 END)
                ON CONFLICT (id) DO UPDATE SET updated_at = $3,
                  ended_at = CASE WHEN $4 = 1 THEN $3 ELSE live_sessions.ended_at END,
                  last_latitude = COALESCE(\(latitude), live_sessions.last_latitude), last_longitude = COALESCE(\(longitude), live_sessions.last_longitude),
                  anchor_latitude = CASE WHEN \(moves) THEN \(latitude) ELSE live_sessions.anchor_latitude END,
                  anchor_longitude = CASE WHEN \(moves) THEN \(longitude) ELSE live_sessions.anchor_longitude END,
                  moved_at = CASE WHEN \(moves) THEN $3 ELSE live_sessions.moved_at END
                WHERE live_sessions.athlete_id = $2
                RETURNING id, moved_at
                """
        let sessionArguments: [SQLValue] = [.text(id), .integer(athleteID), .date(at), .bool(ended), place.map { .real($0.latitude) } ?? .null,
                                            place.map { .real($0.longitude) } ?? .null, .real(metresPerDegree), .real(east)]
        // A new point ends alerts: "not heard from" always, "not moved" when the point moved the anchor (its time is
        // the session's `moved_at`), and the last point every alert.
        if database.dialect == .postgres {
            // On PostgreSQL one statement, committed on its own: one round trip a point, where a transaction of four
            // statements took six. Followers on every server process hear of the point once it is committed.
            let rows = try await database.write("""
                WITH s AS (
                \(session)), p AS (
                  INSERT INTO live_points (session_id, sequence, received_at, body) SELECT $1, $9, $3, $10 FROM s
                  ON CONFLICT (session_id, sequence) DO NOTHING RETURNING sequence
                ), a AS (
                  UPDATE live_alerts SET cleared_at = $3 WHERE session_id = $1 AND cleared_at IS NULL AND EXISTS (SELECT 1 FROM p)
                    AND (kind = 'silent' OR $4 = 1 OR (kind = 'still' AND EXISTS (SELECT 1 FROM s WHERE s.moved_at = $3)))
                  RETURNING session_id
                ), n AS (SELECT CAST(pg_notify($11, $12) AS TEXT) AS notified FROM p)
                SELECT (SELECT count(*) FROM s) AS sessions, (SELECT count(*) FROM p) AS points, (SELECT count(*) FROM a) AS cleared,
                       (SELECT count(*) FROM n) AS notified
                """, sessionArguments + [.integer(sequence), .text(body), .text(Self.liveChannel),
                                         .text(notice)])
            guard let row = rows.first, row["sessions"].integer ?? 0 > 0 else { throw Self.notTheirs(id) }
            return row["points"].integer ?? 0 > 0
        }
        let results = try await database.transaction([
            SQLStatement(session, sessionArguments),
            SQLStatement("INSERT INTO live_points (session_id, sequence, received_at, body) VALUES ($1, $2, $3, $4) ON CONFLICT (session_id, sequence) DO NOTHING RETURNING sequence",
                         [.text(id), .integer(sequence), .date(at), .text(body)], onlyIfRowsFrom: 0),
            SQLStatement("""
                UPDATE live_alerts SET cleared_at = $2 WHERE session_id = $1 AND cleared_at IS NULL
                  AND (kind = 'silent' OR $3 = 1 OR (kind = 'still' AND EXISTS (SELECT 1 FROM live_sessions s WHERE s.id = $1 AND s.moved_at = $2)))
                """, [.text(id), .date(at), .bool(ended)], onlyIfRowsFrom: 1),
        ])
        guard !results[0].isEmpty else { throw Self.notTheirs(id) }
        return !results[1].isEmpty
    }

    private static func notTheirs(_ id: String) -> ClubError {
        ClubError.invalid("Another athlete's live session has the identifier \(id); start a new session.")
    }

    /// Who may follow a live session besides a share link's holders: its athlete, and those who would see the
    /// athlete's workouts (a group where the athlete shares them, or that the viewer coaches).
    static let liveVisible = """
        (s.athlete_id = $1 OR EXISTS (SELECT 1 FROM group_members mine JOIN group_members theirs ON theirs.group_id = mine.group_id
            WHERE mine.athlete_id = $1 AND theirs.athlete_id = s.athlete_id AND (theirs.shares_workouts = 1 OR mine.role = 'coach')))
        """

    /// Live session `session`, if `athleteID` may follow it: its own, or a group member's who shares workouts with them.
    public func liveSession(_ session: UUID, visibleTo athleteID: Int64) async throws -> LiveSession? {
        try await database.read("SELECT s.id, s.athlete_id, s.started_at, s.updated_at, s.ended_at FROM live_sessions s WHERE s.id = $2 AND \(Self.liveVisible)",
                                [.integer(athleteID), .text(session.uuidString)]).first.flatMap(Self.liveSession)
    }

    /// Live session `session` if it is `athleteID`'s own: what only its athlete may do (share it, revoke its links).
    public func ownLiveSession(_ session: UUID, of athleteID: Int64) async throws -> LiveSession? {
        try await database.read("SELECT id, athlete_id, started_at, updated_at, ended_at FROM live_sessions WHERE id = $1 AND athlete_id = $2",
                                [.text(session.uuidString), .integer(athleteID)]).first.flatMap(Self.liveSession)
    }

    /// Everyone `viewer` may follow who is riding now (a session not ended, heard from within `recent` seconds), newest
    /// first, with where they were last and their open alerts.
    public func ridingNow(visibleTo viewer: Int64, recent: TimeInterval = 600) async throws -> [RidingNow] {
        let rows = try await database.read("""
            SELECT s.id, s.athlete_id, a.name, s.started_at, s.updated_at, s.last_latitude, s.last_longitude,
                   (SELECT MIN(kind) FROM live_alerts l WHERE l.session_id = s.id AND l.cleared_at IS NULL) AS alert
            FROM live_sessions s JOIN athletes a ON a.id = s.athlete_id
            WHERE s.ended_at IS NULL AND s.updated_at > $2 AND \(Self.liveVisible)
            ORDER BY s.updated_at DESC LIMIT 500
            """, [.integer(viewer), .date(now().addingTimeInterval(-recent))])
        return rows.compactMap { row in
            guard let id = row["id"].text.flatMap(UUID.init(uuidString:)), let athlete = row["athlete_id"].integer, let name = row["name"].text,
                  let started = row["started_at"].date, let updated = row["updated_at"].date else { return nil }
            let position = row["last_latitude"].real.flatMap { latitude in row["last_longitude"].real.map { (latitude, $0) } }
            return RidingNow(session: id, athleteID: athlete, athleteName: name, startedAt: started, updatedAt: updated,
                             latitude: position?.0, longitude: position?.1, alert: row["alert"].text.flatMap(LiveAlert.Kind.init(rawValue:)))
        }
    }

    /// The points of `session` after `sequence`, in order, at most `limit`.
    public func livePoints(of session: UUID, after sequence: Int64, limit: Int = 1_000) async throws -> [LivePoint] {
        // The session's end read with its points: a follower learns it is over with no other question.
        try await database.read("""
            SELECT p.sequence, p.body, s.ended_at FROM live_points p JOIN live_sessions s ON s.id = p.session_id
            WHERE p.session_id = $1 AND p.sequence > $2 ORDER BY p.sequence LIMIT $3
            """, [.text(session.uuidString), .integer(sequence), .integer(Int64(limit))]).compactMap { row in
            guard let sequence = row["sequence"].integer, let body = row["body"].text else { return nil }
            return LivePoint(sequence: sequence, body: body, sessionEnded: row["ended_at"].real != nil)
        }
    }

    /// A link that lets anyone holding it follow live session `session` of `athleteID` until `expiresAt`: the secret
    /// is in the result only. With `privacyMeters`, its followers see no position within that many metres of the
    /// session's start (nor, once it has ended, of its finish). Nil when the session is not the athlete's.
    public func shareLiveSession(_ session: UUID, of athleteID: Int64, until expiresAt: Date, privacyMeters: Double? = nil) async throws -> String? {
        guard try await ownLiveSession(session, of: athleteID) != nil else { return nil }
        let secret = SecretToken.generate(prefix: "ohk_live_")
        try await database.execute("INSERT INTO live_shares (token_hash, session_id, created_at, expires_at, privacy_meters) VALUES ($1, $2, $3, $4, $5)",
                                   [.text(SecretToken.hash(secret)), .text(session.uuidString), .date(now()), .date(expiresAt),
                                    privacyMeters.map(SQLValue.real) ?? .null])
        return secret
    }

    /// Ends every link sharing `session` of `athleteID`; returns how many were in force.
    @discardableResult
    public func revokeLiveShares(of session: UUID, athleteID: Int64) async throws -> Int {
        try await database.write("""
            UPDATE live_shares SET revoked_at = $3 WHERE session_id = $1 AND revoked_at IS NULL AND expires_at > $3
              AND session_id IN (SELECT id FROM live_sessions WHERE athlete_id = $2) RETURNING token_hash
            """, [.text(session.uuidString), .integer(athleteID), .date(now())]).count
    }

    /// The live session a link shares, while the link is in force (not expired, not revoked).
    public func liveSession(sharedBy secret: String) async throws -> LiveSession? {
        try await liveShare(secret)?.session
    }

    /// The live session a link shares and the link's privacy zone in metres (0 for none), while the link is in force.
    public func liveShare(_ secret: String) async throws -> (session: LiveSession, privacyMeters: Double)? {
        guard secret.hasPrefix("ohk_live_"), secret.count < 200 else { return nil }
        guard let row = try await database.read("""
            SELECT s.id, s.athlete_id, s.started_at, s.updated_at, s.ended_at, l.privacy_meters FROM live_shares l JOIN live_sessions s ON s.id = l.session_id
            WHERE l.token_hash = $1 AND l.revoked_at IS NULL AND l.expires_at > $2
            """, [.text(SecretToken.hash(secret)), .date(now())]).first, let session = Self.liveSession(row) else { return nil }
        return (session, row["privacy_meters"].real ?? 0)
    }

    static func liveSession(_ row: SQLRow) -> LiveSession? {
        guard let id = row["id"].text.flatMap(UUID.init(uuidString:)), let athlete = row["athlete_id"].integer, let started = row["started_at"].date,
              let updated = row["updated_at"].date else { return nil }
        return LiveSession(id: id, athleteID: athlete, startedAt: started, updatedAt: updated, endedAt: row["ended_at"].date)
    }
}
