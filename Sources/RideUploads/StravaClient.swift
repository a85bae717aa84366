public import Foundation
import HTTPForms
import NIOHTTP1
import WebClient

/// Strava's token and upload endpoints, as its developer documentation describes them
/// ("Authentication", "Uploads", "Rate Limits").
public struct StravaClient: Sendable {
    /// What Strava says of an upload.
    public enum UploadStatus: Sendable, Equatable {
        /// Still being processed: ask again in a second or more.
        case processing(uploadID: String)
        /// An activity now.
        case ready(activityID: String)
        /// The same file was uploaded before, as this activity.
        case duplicate(activityID: String)
        /// Strava could not make an activity of it.
        case failed(String)
    }

    /// Makes a client.
    public init() {}

    /// The account with a fresh access token and the refresh token Strava rotated, which the caller must
    /// keep before anything else: the one given no longer works once Strava has answered.
    /// - Throws: ``UploadProblem``; `.credentialsRefused` when Strava no longer takes the refresh token.
    public func refresh(_ account: StravaAccount, now: Date) async throws(UploadProblem) -> StravaAccount {
        try await token(account, grant: [("grant_type", "refresh_token"), ("refresh_token", account.refreshToken)], now: now)
    }

    /// The account for the rider who authorized the application and was sent back with `code`.
    public func exchange(code: String, for account: StravaAccount, now: Date) async throws(UploadProblem) -> StravaAccount {
        try await token(account, grant: [("grant_type", "authorization_code"), ("code", code)], now: now)
    }

    /// The account checked with Strava as a rider connects it: the authorization `code` exchanged when given,
    /// else the account's refresh token refreshed (and rotated).
    public func connect(_ account: StravaAccount, code: String?, now: Date) async throws(UploadProblem) -> StravaAccount {
        if let code { return try await exchange(code: code, for: account, now: now) }
        return try await refresh(account, now: now)
    }

    private func token(_ account: StravaAccount, grant: [(String, String)], now: Date) async throws(UploadProblem) -> StravaAccount {
        let fields = [("client_id", account.clientID), ("client_secret", account.clientSecret)] + grant
        let body = fields.map { "\($0.0)=\(Self.formEncoded($0.1))" }.joined(separator: "&")
        let answer = try await send(.POST, account.server.appendingPathComponent("oauth/token"),
                                    headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Data(body.utf8), now: now)
        switch answer.status {
        case 200..<300:
            struct Tokens: Decodable {
                struct Athlete: Decodable { var firstname: String?; var lastname: String? }
                var access_token: String
                var refresh_token: String
                var expires_at: Double
                var athlete: Athlete?
            }
            guard let tokens = try? JSONDecoder().decode(Tokens.self, from: answer.body) else {
                throw .serverFailed(status: answer.status, message: "Strava's token answer cannot be read: \(Self.text(answer.body))")
            }
            var renewed = account
            renewed.accessToken = tokens.access_token
            renewed.refreshToken = tokens.refresh_token
            renewed.expiresAt = Date(timeIntervalSince1970: tokens.expires_at)
            if let athlete = tokens.athlete {
                let name = [athlete.firstname, athlete.lastname].compactMap { $0 }.joined(separator: " ")
                if !name.isEmpty { renewed.athlete = name }
            }
            return renewed
        case 400, 401, 403:
            throw .credentialsRefused("Strava refused the application's credentials or the rider's authorization (\(answer.status): \(Self.message(answer.body))); connect again with `workout upload connect strava`")
        default:
            throw Self.problem(answer, now: now)
        }
    }

    /// Sends `ride` as a FIT file; Strava answers at once with an upload id to ask about.
    public func upload(_ ride: RideUpload, token: String, server: URL, now: Date) async throws(UploadProblem) -> UploadStatus {
        let boundary = "openhealthkit-" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
        let form = MultipartForm(parts: [
            .init(name: "file", filename: ride.fileName, contentType: "application/octet-stream", data: ride.fit),
            .init(name: "data_type", text: "fit"),
            .init(name: "name", text: ride.name),
            .init(name: "external_id", text: ride.externalID),
            .init(name: "trainer", text: ride.indoor ? "1" : "0"),
        ])
        let answer = try await send(.POST, server.appendingPathComponent("api/v3/uploads"),
                                    headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "multipart/form-data; boundary=\(boundary)")],
                                    body: form.encoded(boundary: boundary), now: now)
        return try Self.status(answer, now: now)
    }

    /// The activity Strava made of `ride`, found by its external id among the athlete's activities that started within a
    /// day of the ride (the last 200 when its start is not known); `nil` when there is none (yet).
    public func activity(of ride: RideUpload, token: String, server: URL, now: Date) async throws(UploadProblem) -> String? {
        var components = URLComponents(url: server.appendingPathComponent("api/v3/athlete/activities"), resolvingAgainstBaseURL: false)!
        var items = [URLQueryItem(name: "per_page", value: "200")]
        if let start = ride.start {
            items.append(URLQueryItem(name: "after", value: String(Int(start.timeIntervalSince1970) - 86_400)))
            items.append(URLQueryItem(name: "before", value: String(Int(start.timeIntervalSince1970) + 86_400)))
        }
        components.queryItems = items
        let answer = try await send(.GET, components.url!, headers: [("Authorization", "Bearer \(token)")], body: nil, now: now)
        switch answer.status {
        case 200..<300:
            struct Activity: Decodable {
                var id: Int64
                var external_id: String?
            }
            guard let activities = try? JSONDecoder().decode([Activity].self, from: answer.body) else {
                throw .serverFailed(status: answer.status, message: "Strava's list of activities could not be read: \(Self.text(answer.body))")
            }
            // Strava may keep the file's extension on the external id it was given.
            return activities.first { $0.external_id == ride.externalID || $0.external_id == ride.externalID + ".fit" }.map { String($0.id) }
        case 401:
            throw .credentialsRefused("Strava refused the access token (401): \(Self.message(answer.body))")
        default:
            throw Self.problem(answer, now: now)
        }
    }

    /// What Strava says of upload `uploadID` now.
    public func status(of uploadID: String, token: String, server: URL, now: Date) async throws(UploadProblem) -> UploadStatus {
        let answer = try await send(.GET, server.appendingPathComponent("api/v3/uploads/\(uploadID)"),
                                    headers: [("Authorization", "Bearer \(token)")], body: nil, now: now)
        return try Self.status(answer, now: now)
    }

    /// An upload's answer read: the status, or the problem.
    static func status(_ answer: HTTPRequester.Answer, now: Date) throws(UploadProblem) -> UploadStatus {
        guard (200..<300).contains(answer.status) else {
            if answer.status == 401 { throw .credentialsRefused("Strava refused the access token (401: \(message(answer.body)))") }
            throw problem(answer, now: now)
        }
        struct Upload: Decodable {
            var id: Int64?
            var id_str: String?
            var error: String?
            var status: String?
            var activity_id: Int64?
        }
        guard let upload = try? JSONDecoder().decode(Upload.self, from: answer.body) else {
            throw .serverFailed(status: answer.status, message: "Strava's upload answer cannot be read: \(text(answer.body))")
        }
        if let error = upload.error, !error.isEmpty {
            if let duplicate = duplicateActivity(in: error) { return .duplicate(activityID: duplicate) }
            return .failed(error)
        }
        if let activity = upload.activity_id { return .ready(activityID: String(activity)) }
        guard let id = upload.id_str ?? upload.id.map(String.init) else {
            throw .serverFailed(status: answer.status, message: "Strava's upload answer names no upload: \(text(answer.body))")
        }
        return .processing(uploadID: id)
    }

    /// The activity an upload error names as the one it duplicates: Strava says
    /// "<file> duplicate of activity 123", or links `/activities/123` in the message.
    public static func duplicateActivity(in error: String) -> String? {
        guard let range = error.range(of: "duplicate of", options: .caseInsensitive) else { return nil }
        let rest = error[range.upperBound...]
        let digits = rest.drop { !$0.isNumber }.prefix { $0.isNumber }
        return digits.isEmpty ? nil : String(digits)
    }

    private func send(_ method: HTTPMethod, _ url: URL, headers: [(String, String)], body: Data?, now: Date) async throws(UploadProblem) -> HTTPRequester.Answer {
        do {
            return try await HTTPRequester.send(method, url, headers: [("Accept", "application/json")] + headers, body: body)
        } catch {
            throw .unreachable("Strava (\(url.host ?? url.absoluteString)) cannot be reached: \(error)")
        }
    }

    /// A failed answer as a problem: 429 by Strava's headers, 5xx transient, other 4xx for good.
    static func problem(_ answer: HTTPRequester.Answer, now: Date) -> UploadProblem {
        switch answer.status {
        case 429:
            if let limits = StravaRateLimit(limit: answer.header("X-RateLimit-Limit"), usage: answer.header("X-RateLimit-Usage")) {
                return .rateLimited(retryAt: limits.retryAt(now: now), detail: limits.summary)
            }
            let wait = answer.header("Retry-After").flatMap(Double.init) ?? 900
            return .rateLimited(retryAt: now.addingTimeInterval(wait), detail: "Strava's rate limit is reached")
        case 500...:
            return .serverFailed(status: answer.status, message: message(answer.body))
        default:
            return .rejected("Strava refused it (\(answer.status): \(message(answer.body)))")
        }
    }

    /// Strava's error body (`{"message": …, "errors": [{"field", "code"}]}`) in words.
    static func message(_ body: Data) -> String {
        struct Fault: Decodable {
            struct Detail: Decodable { var resource: String?; var field: String?; var code: String? }
            var message: String?
            var errors: [Detail]?
        }
        guard let fault = try? JSONDecoder().decode(Fault.self, from: body), let message = fault.message else { return text(body) }
        let details = (fault.errors ?? []).map { [$0.resource, $0.field, $0.code].compactMap { $0 }.joined(separator: " ") }
        return details.isEmpty ? message : "\(message): \(details.joined(separator: "; "))"
    }

    static func text(_ body: Data) -> String {
        String(decoding: body.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func formEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
