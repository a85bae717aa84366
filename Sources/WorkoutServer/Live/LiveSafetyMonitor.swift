import Foundation
import Logging
import NIOHTTP1
import ServiceLifecycle
import WebClient
import WorkoutClub

/// Watches the club's live sessions for riders who stopped moving and recorders gone silent, beside the HTTP server:
/// every `look` it raises the alerts now due (``Club/raiseLiveAlerts()``), takes the raisings and clearings not yet
/// announced (one server process takes each), wakes the sessions' followers on every process, and posts each to the
/// rider's webhook.
struct LiveSafetyMonitor: Service {
    let club: Club
    let hub: LiveSessionHub
    let metrics: ServerMetrics
    let look: Duration
    let timeZone: TimeZone
    let logger: Logger

    func run() async throws {
        let service = self
        await everyLook(pausing: look) { await service.check() }
    }

    /// One look.
    func check() async {
        do {
            try await club.raiseLiveAlerts()
            let announcements = try await club.claimAlertAnnouncements()
            for session in Set(announcements.map(\.alert.session)) {
                await hub.alertsChanged(session)
                try await club.announceAlerts(of: session)
            }
            for announcement in announcements {
                metrics.alerted(announcement.alert.kind.rawValue, event: announcement.cleared ? "cleared" : "raised")
                let words = LiveAlertWords.text(announcement.alert, athlete: announcement.athleteName, cleared: announcement.cleared, timeZone: timeZone)
                logger.notice("live session \(announcement.alert.session.uuidString): \(words)")
                if let webhook = announcement.webhook.flatMap(URL.init(string:)) { await post(announcement, words: words, to: webhook) }
            }
        } catch is CancellationError {
        } catch {
            logger.error("live safety alerts stopped until the next look: \(error)")
        }
    }

    /// Posts an announcement as JSON, signed with the rider's webhook secret (``WebhookSignature``), trying three times
    /// over a few seconds; a hook that fails is logged and counted.
    private func post(_ announcement: AlertAnnouncement, words: String, to webhook: URL) async {
        let body: [String: String] = [
            "event": announcement.cleared ? "alert.cleared" : "alert.raised",
            "kind": announcement.alert.kind.rawValue,
            "athlete": announcement.athleteName,
            "session": announcement.alert.session.uuidString,
            "since": ISO8601DateFormatter().string(from: announcement.alert.since),
            "message": words,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data()
        var problem = ""
        for attempt in 0..<3 {
            if attempt > 0 { try? await Task.sleep(for: .seconds(attempt)) }
            do {
                // Signed at each try: the timestamp is the post's own.
                let signed = announcement.webhookSecret.map { WebhookSignature.headers(for: data, at: Int64(club.now().timeIntervalSince1970), secret: $0) } ?? []
                let answer = try await HTTPRequester.send(.POST, webhook, headers: [("Content-Type", "application/json")] + signed, body: data,
                                                          userAgent: "openhealthkit-club", timeout: .seconds(10))
                if (200..<300).contains(answer.status) {
                    metrics.webhook("delivered")
                    return
                }
                problem = "it answered \(answer.status)"
            } catch {
                problem = "\(error)"
            }
        }
        metrics.webhook("failed")
        logger.error("the webhook \(webhook.host ?? "") of \(announcement.athleteName) did not take an alert: \(problem)")
    }
}
