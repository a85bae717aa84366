import Foundation
import WorkoutClub

/// An alert in words, the same on the live page and in the webhook: "not moved since 10:41", with the rider's name
/// where the words leave the page.
enum LiveAlertWords {
    /// The alert, or its clearing, in words, the time in `timeZone`.
    static func text(_ alert: LiveAlert, athlete: String? = nil, cleared: Bool = false, timeZone: TimeZone) -> String {
        // 24-hour hours and minutes, the same in every locale (a webhook's reader may be a program).
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "HH:mm"
        let since = formatter.string(from: alert.since)
        switch (alert.kind, cleared) {
        case (.still, false): return athlete.map { "\($0) has not moved since \(since)" } ?? "Not moved since \(since)"
        case (.silent, false): return athlete.map { "\($0)'s recorder has not been heard from since \(since)" } ?? "Not heard from since \(since)"
        case (.still, true): return "\(athlete ?? "The rider") is moving again"
        case (.silent, true): return "\(athlete.map { "\($0)'s recorder" } ?? "The recorder") is heard from again"
        }
    }

    /// The open alerts as the page's `alert` event: `{"alerts": [{"kind", "since", "message"}]}`.
    static func event(_ alerts: [LiveAlert], timeZone: TimeZone) -> String {
        let items: [[String: String]] = alerts.map {
            ["kind": $0.kind.rawValue, "since": ISO8601DateFormatter().string(from: $0.since), "message": text($0, timeZone: timeZone)]
        }
        let data = (try? JSONSerialization.data(withJSONObject: ["alerts": items], options: [.sortedKeys])) ?? Data("{\"alerts\":[]}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
