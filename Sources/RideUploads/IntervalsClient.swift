public import Foundation
import HTTPForms
import NIOHTTP1
import WebClient

/// intervals.icu's activity upload: `POST /api/v1/athlete/{id}/activities` with the file as
/// multipart `file`, authenticated by HTTP Basic with the user `API_KEY` and the key as password.
/// intervals.icu checks a hash of the file and creates no duplicate: a resent ride answers the
/// activity it already has.
public struct IntervalsClient: Sendable {
    /// Makes a client.
    public init() {}

    /// The activity intervals.icu has of `ride`, found by its external id among the athlete's activities of the ride's
    /// days (the last 30 days when its start is not known); `nil` when there is none.
    public func activity(of ride: RideUpload, account: IntervalsAccount, now: Date) async throws(UploadProblem) -> String? {
        var components = URLComponents(url: account.server.appendingPathComponent("api/v1/athlete/\(account.athleteID)/activities"), resolvingAgainstBaseURL: false)!
        let day = DateFormatter()
        day.locale = Locale(identifier: "en_US_POSIX")
        day.timeZone = TimeZone(identifier: "UTC")
        day.dateFormat = "yyyy-MM-dd"
        let middle = ride.start ?? now
        components.queryItems = [URLQueryItem(name: "oldest", value: day.string(from: middle.addingTimeInterval(ride.start == nil ? -30 * 86_400 : -86_400))),
                                 URLQueryItem(name: "newest", value: day.string(from: middle.addingTimeInterval(86_400)))]
        let credentials = Data("API_KEY:\(account.apiKey)".utf8).base64EncodedString()
        let answer: HTTPRequester.Answer
        do {
            answer = try await HTTPRequester.send(.GET, components.url!, headers: [("Authorization", "Basic \(credentials)"), ("Accept", "application/json")], body: nil)
        } catch {
            throw .unreachable("intervals.icu (\(account.server.host ?? account.server.absoluteString)) cannot be reached: \(error)")
        }
        switch answer.status {
        case 200..<300:
            struct Activity: Decodable {
                var id: String
                var external_id: String?
            }
            guard let activities = try? JSONDecoder().decode([Activity].self, from: answer.body) else {
                throw .serverFailed(status: answer.status, message: "intervals.icu's list of activities could not be read: \(StravaClient.text(answer.body))")
            }
            return activities.first { $0.external_id == ride.externalID }?.id
        case 401, 403:
            throw .credentialsRefused("intervals.icu refused the API key for athlete \(account.athleteID) (\(answer.status)); check it on intervals.icu's settings page and connect again with `workout upload connect intervals`")
        case 500...:
            throw .serverFailed(status: answer.status, message: StravaClient.text(answer.body))
        default:
            throw .rejected("intervals.icu refused the list of activities (\(answer.status): \(StravaClient.text(answer.body)))")
        }
    }

    /// Sends `ride`; the activity's id on intervals.icu.
    public func upload(_ ride: RideUpload, account: IntervalsAccount, now: Date) async throws(UploadProblem) -> String {
        var components = URLComponents(url: account.server.appendingPathComponent("api/v1/athlete/\(account.athleteID)/activities"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "name", value: ride.name), URLQueryItem(name: "external_id", value: ride.externalID)]
        let boundary = "openhealthkit-" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
        let form = MultipartForm(parts: [
            .init(name: "file", filename: ride.fileName, contentType: "application/octet-stream", data: ride.fit),
            .init(name: "name", text: ride.name),
        ])
        let credentials = Data("API_KEY:\(account.apiKey)".utf8).base64EncodedString()
        let answer: HTTPRequester.Answer
        do {
            answer = try await HTTPRequester.send(.POST, components.url!, headers: [
                ("Authorization", "Basic \(credentials)"), ("Accept", "application/json"),
                ("Content-Type", "multipart/form-data; boundary=\(boundary)"),
            ], body: form.encoded(boundary: boundary))
        } catch {
            throw .unreachable("intervals.icu (\(account.server.host ?? account.server.absoluteString)) cannot be reached: \(error)")
        }
        switch answer.status {
        case 200..<300:
            struct Created: Decodable {
                struct Activity: Decodable { var id: String }
                var id: String?
                var activities: [Activity]?
            }
            guard let created = try? JSONDecoder().decode(Created.self, from: answer.body), let id = created.id ?? created.activities?.first?.id else {
                throw .serverFailed(status: answer.status, message: "intervals.icu's answer names no activity: \(StravaClient.text(answer.body))")
            }
            return id
        case 401, 403:
            throw .credentialsRefused("intervals.icu refused the API key for athlete \(account.athleteID) (\(answer.status)); check it on intervals.icu's settings page and connect again with `workout upload connect intervals`")
        case 429:
            let wait = answer.header("Retry-After").flatMap(Double.init) ?? 60
            throw .rateLimited(retryAt: now.addingTimeInterval(wait), detail: "intervals.icu asks to slow down")
        case 500...:
            throw .serverFailed(status: answer.status, message: StravaClient.text(answer.body))
        default:
            throw .rejected("intervals.icu refused it (\(answer.status): \(StravaClient.text(answer.body)))")
        }
    }
}
