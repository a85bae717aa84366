public import Foundation

/// When a rider's followers are alerted, and where else they are told.
public struct SafetySettings: Sendable, Equatable, Codable {
    /// Minutes without moving 50 m, while a live session runs, before an alert.
    public var stillMinutes: Double
    /// Minutes without a point from the recorder, while a live session runs, before an alert.
    public var silentMinutes: Double
    /// Where each alert and its clearing are also posted as JSON, if anywhere.
    public var webhook: String?
    /// The secret the club signs its webhook posts with (``WebhookSignature``): made by the club when the rider
    /// first sets a webhook and kept after; ignored when sent.
    public var webhookSecret: String?

    /// Ten minutes each, no webhook: what a rider who set nothing gets.
    public static let standard = SafetySettings(stillMinutes: 10, silentMinutes: 10, webhook: nil)

    /// Settings.
    public init(stillMinutes: Double, silentMinutes: Double, webhook: String?, webhookSecret: String? = nil) {
        self.stillMinutes = stillMinutes
        self.silentMinutes = silentMinutes
        self.webhook = webhook
        self.webhookSecret = webhookSecret
    }
}

/// An alert on a live session: its rider has not moved, or its recorder has not been heard from, for the minutes
/// the rider set; open until they move again, the recorder is heard from, or the session ends.
public struct LiveAlert: Sendable, Equatable {
    /// What is wrong.
    public enum Kind: String, Sendable, Codable {
        /// The rider has not moved 50 m.
        case still
        /// The recorder has sent nothing.
        case silent
    }

    /// The session.
    public var session: UUID
    /// What is wrong.
    public var kind: Kind
    /// Since when: the last move, or the last point.
    public var since: Date
    /// When the alert was raised.
    public var raisedAt: Date
    /// When it was cleared, if it was.
    public var clearedAt: Date?
}

/// An alert to announce (raised or cleared), with what its announcement needs.
public struct AlertAnnouncement: Sendable, Equatable {
    /// The alert.
    public var alert: LiveAlert
    /// Whether this announces its clearing rather than its raising.
    public var cleared: Bool
    /// The rider's name.
    public var athleteName: String
    /// The rider's webhook, if any.
    public var webhook: String?
    /// The secret its posts are signed with.
    public var webhookSecret: String?
}

extension Club {
    /// Makes `athleteID`'s webhook a new secret (the old one stops signing at once), and returns the settings; nil when
    /// they have no webhook.
    public func renewWebhookSecret(of athleteID: Int64) async throws -> SafetySettings? {
        let rows = try await database.write("UPDATE safety_settings SET webhook_secret = $1 WHERE athlete_id = $2 AND webhook IS NOT NULL RETURNING athlete_id",
                                            [.text(WebhookSignature.newSecret()), .integer(athleteID)])
        return rows.isEmpty ? nil : try await safetySettings(of: athleteID)
    }

    /// `athleteID`'s settings, or ``SafetySettings/standard``.
    public func safetySettings(of athleteID: Int64) async throws -> SafetySettings {
        guard let row = try await database.read("SELECT still_minutes, silent_minutes, webhook, webhook_secret FROM safety_settings WHERE athlete_id = $1",
                                                [.integer(athleteID)]).first,
              let still = row["still_minutes"].real, let silent = row["silent_minutes"].real else { return .standard }
        return SafetySettings(stillMinutes: still, silentMinutes: silent, webhook: row["webhook"].text, webhookSecret: row["webhook_secret"].text)
    }

    /// Sets `athleteID`'s settings.
    /// - Throws: ``ClubError/invalid(_:)`` for minutes outside 0.05…1,440, or a webhook that is not an http(s) address.
    public func setSafetySettings(_ settings: SafetySettings, for athleteID: Int64) async throws {
        for minutes in [settings.stillMinutes, settings.silentMinutes] where !(0.05...1_440).contains(minutes) {
            throw ClubError.invalid("Alert minutes are between 0.05 and 1440 (a day), not \(minutes).")
        }
        if let webhook = settings.webhook {
            guard let url = URL(string: webhook), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil, webhook.count <= 2_000 else {
                throw ClubError.invalid("The webhook must be an http:// or https:// address, not \(webhook.prefix(100)).")
            }
        }
        try await database.execute("""
            INSERT INTO safety_settings (athlete_id, still_minutes, silent_minutes, webhook, webhook_secret) VALUES ($1, $2, $3, $4, $5)
            ON CONFLICT (athlete_id) DO UPDATE SET still_minutes = excluded.still_minutes, silent_minutes = excluded.silent_minutes, webhook = excluded.webhook,
              webhook_secret = COALESCE(safety_settings.webhook_secret, excluded.webhook_secret)
            """, [.integer(athleteID), .real(settings.stillMinutes), .real(settings.silentMinutes), settings.webhook.map(SQLValue.text) ?? .null,
                  settings.webhook == nil ? .null : .text(WebhookSignature.newSecret())])
    }

    /// Raises the alerts now due on sessions that run (not ended, heard from within a day): a rider with a position
    /// who has not moved 50 m for their `stillMinutes`, a recorder silent for `silentMinutes`. An alert open already
    /// is not raised again, so of several server processes asking at once one raises each.
    /// - Returns: the alerts raised now.
    @discardableResult
    public func raiseLiveAlerts() async throws -> [LiveAlert] {
        let at = now()
        let standard = SafetySettings.standard
        let results = try await database.transaction([
            SQLStatement("""
                INSERT INTO live_alerts (session_id, kind, since, raised_at)
                SELECT s.id, 'still', s.moved_at, $1 FROM live_sessions s LEFT JOIN safety_settings t ON t.athlete_id = s.athlete_id
                WHERE s.ended_at IS NULL AND s.updated_at > $1 - 86400 AND s.moved_at IS NOT NULL
                  AND s.moved_at <= $1 - COALESCE(t.still_minutes, $2) * 60
                ON CONFLICT (session_id, kind) WHERE cleared_at IS NULL DO NOTHING
                RETURNING session_id, kind, since, raised_at, cleared_at
                """, [.date(at), .real(standard.stillMinutes)]),
            SQLStatement("""
                INSERT INTO live_alerts (session_id, kind, since, raised_at)
                SELECT s.id, 'silent', s.updated_at, $1 FROM live_sessions s LEFT JOIN safety_settings t ON t.athlete_id = s.athlete_id
                WHERE s.ended_at IS NULL AND s.updated_at > $1 - 86400
                  AND s.updated_at <= $1 - COALESCE(t.silent_minutes, $2) * 60
                ON CONFLICT (session_id, kind) WHERE cleared_at IS NULL DO NOTHING
                RETURNING session_id, kind, since, raised_at, cleared_at
                """, [.date(at), .real(standard.silentMinutes)]),
        ])
        return results.joined().compactMap(Self.liveAlert)
    }

    /// The open alerts of `session`, oldest first.
    public func liveAlerts(of session: UUID) async throws -> [LiveAlert] {
        try await database.read("""
            SELECT session_id, kind, since, raised_at, cleared_at FROM live_alerts WHERE session_id = $1 AND cleared_at IS NULL ORDER BY raised_at, kind
            """, [.text(session.uuidString)]).compactMap(Self.liveAlert)
    }

    /// The raisings and clearings not yet announced, each taken by this call only (another process asking at once
    /// gets the others): raisings first.
    public func claimAlertAnnouncements() async throws -> [AlertAnnouncement] {
        let at = now()
        let results = try await database.transaction([
            SQLStatement("UPDATE live_alerts SET raise_announced_at = $1 WHERE raise_announced_at IS NULL RETURNING session_id, kind, since, raised_at, cleared_at",
                         [.date(at)]),
            SQLStatement("""
                UPDATE live_alerts SET clear_announced_at = $1
                WHERE cleared_at IS NOT NULL AND clear_announced_at IS NULL AND raise_announced_at IS NOT NULL
                RETURNING session_id, kind, since, raised_at, cleared_at
                """, [.date(at)]),
        ])
        var announcements: [AlertAnnouncement] = []
        for (index, rows) in results.enumerated() {
            for alert in rows.compactMap(Self.liveAlert) {
                let rider = try await database.read("""
                    SELECT a.name, t.webhook, t.webhook_secret FROM live_sessions s JOIN athletes a ON a.id = s.athlete_id
                    LEFT JOIN safety_settings t ON t.athlete_id = s.athlete_id WHERE s.id = $1
                    """, [.text(alert.session.uuidString)]).first
                announcements.append(AlertAnnouncement(alert: alert, cleared: index == 1, athleteName: rider?["name"].text ?? "",
                                                       webhook: rider?["webhook"].text, webhookSecret: rider?["webhook_secret"].text))
            }
        }
        return announcements
    }

    /// The prefix of a notification on ``liveChannel`` that says a session's alerts changed (`alert:<session>`), where
    /// a bare identifier says it has new points.
    public static let alertNoticePrefix = "alert:"

    /// Tells every server process that `session`'s alerts changed (its followers look at them again): on PostgreSQL
    /// a notification `alert:<session>` on ``liveChannel``; nothing to do on SQLite, whose one process tells its own.
    public func announceAlerts(of session: UUID) async throws {
        guard database.dialect == .postgres else { return }
        _ = try await database.transaction([SQLStatement("SELECT CAST(pg_notify($1, $2) AS TEXT) AS notified",
                                                         [.text(Self.liveChannel), .text(Self.alertNoticePrefix + session.uuidString)])])
    }

    static func liveAlert(_ row: SQLRow) -> LiveAlert? {
        guard let session = row["session_id"].text.flatMap(UUID.init(uuidString:)), let kind = row["kind"].text.flatMap(LiveAlert.Kind.init(rawValue:)),
              let since = row["since"].date, let raised = row["raised_at"].date else { return nil }
        return LiveAlert(session: session, kind: kind, since: since, raisedAt: raised, clearedAt: row["cleared_at"].date)
    }
}
