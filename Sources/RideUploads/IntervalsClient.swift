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
