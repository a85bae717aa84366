#if Web
import ArgumentParser
import ClubArchive
import Foundation
import NIOHTTP1
import WebClient
import WorkoutClub
import WorkoutServer
import WorkoutCatalog

/// Talks to a club server's API for `workout sync`, retrying what a dropped
/// connection or a restarting server interrupted.
struct SyncClient: Sendable {
    let base: URL
    let token: String
    let retryFor: Double

    init(base: URL, token: String, retryFor: Double) {
        self.base = base
        self.token = token
        self.retryFor = retryFor
    }


    /// A club server's address from option `option`.
    ///
    /// - Throws: `ValidationError` when it is not an http:// or https:// address with a host.
    static func serverURL(_ text: String, option: String) throws -> URL {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            throw ValidationError("\(option) \(text) is not an http:// or https:// address.")
        }
        return url
    }

    /// The athlete the token belongs to.
    func me() async throws -> String {
        let (data, _) = try await call("GET", "api/me")
        return (try? WorkoutAPI.decoder().decode(WorkoutAPI.Me.self, from: data))?.athlete.name ?? "?"
    }

    /// Which of `ids` the server lacks.
    func missing(_ ids: [UUID]) async throws -> [UUID] {
        var missing: [UUID] = []
        for start in stride(from: 0, to: ids.count, by: 5_000) {
            let chunk = ids[start..<min(ids.count, start + 5_000)]
            let body = try WorkoutAPI.encoder().encode(WorkoutAPI.MissingRequest(ids: chunk.map(\.uuidString)))
            let (data, _) = try await call("POST", "api/sync/missing", body: body, contentType: "application/json")
            missing += try WorkoutAPI.decoder().decode(WorkoutAPI.Missing.self, from: data).missing.compactMap(UUID.init(uuidString:))
        }
        return missing
    }

    /// Sends one workout; returns whether the server stored it now or had it.
    func send(_ archive: WorkoutArchive) async throws -> StoreOutcome {
        let (_, status) = try await call("PUT", "api/workouts/\(archive.id.uuidString)", body: archive.encoded(), contentType: WorkoutArchive.contentType)
        return status == 201 ? .stored : .alreadyStored
    }

    /// The identifiers of `name`'s own workouts on the server (`name` being the token's athlete, as ``me()`` says).
    func workouts(of name: String) async throws -> [UUID] {
        var ids: [UUID] = []
        var page = 1
        while true {
            let query = "api/workouts?athlete=\(name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")&limit=500&page=\(page)"
            let (data, _) = try await call("GET", query)
            let listing = try WorkoutAPI.decoder().decode(WorkoutAPI.Page<ClubWorkout>.self, from: data)
            ids += listing.workouts.compactMap { UUID(uuidString: $0.summary.id) }
            if listing.workouts.isEmpty || ids.count >= listing.matching { return ids }
            page += 1
        }
    }

    /// A workout's archive.
    func archive(_ id: UUID) async throws -> WorkoutArchive {
        let (data, _) = try await call("GET", "api/workouts/\(id.uuidString)/archive")
        do { return try WorkoutArchive(decoding: data) } catch { throw SyncError("the server sent an unreadable archive of \(id.uuidString): \(error)") }
    }

    /// One request, retried with growing waits while the server cannot be reached or answers 5xx, for up to `retryFor` seconds.
    private func call(_ method: String, _ path: String, body: Data? = nil, contentType: String? = nil) async throws -> (Data, Int) {
        let url = URL(string: path, relativeTo: base)!.absoluteURL
        var headers = [("Authorization", "Bearer \(token)")]
        if let contentType { headers.append(("Content-Type", contentType)) }
        let started = ContinuousClock.now
        var wait = 0.25
        while true {
            let problem: String
            do {
                let answer = try await HTTPRequester.send(HTTPMethod(rawValue: method), url, headers: headers, body: body)
                let (data, status) = (answer.body, answer.status)
                switch status {
                case 200..<300: return (data, status)
                case 401: throw SyncError("the server refused the token (revoked, expired or mistyped); ask for a new one with `workout serve tokens add`.", fatal: true)
                case 500...: problem = "the server answered \(status)"
                case 404 where path == "api/me":
                    // Every club answers who a token is; a rider's own `workout serve` has no accounts.
                    throw SyncError("\(base.absoluteString) is not a club: it answered 404 to GET /api/me, which every club answers. Give the address of "
                                    + "the club's server (`workout serve --database …`), not a rider's own `workout serve`.", fatal: true)
                default:
                    let said = Self.message(data)
                    throw SyncError("the server answered \(status) to \(method) /\(path)\(said.isEmpty ? ", with no message" : ": " + said)")
                }
            } catch let error as SyncError {
                throw error
            } catch {
                problem = "\(base.absoluteString) cannot be reached (\(error))"
            }
            guard ContinuousClock.now - started < .seconds(retryFor) else {
                throw SyncError("\(problem), still after \(Int(retryFor)) s; run `workout sync` again later: what was sent stays sent.", fatal: true)
            }
            if wait == 0.25 { FileHandle.standardError.write(Data("\(problem); retrying for up to \(Int(retryFor)) s\n".utf8)) }
            try await Task.sleep(for: .seconds(wait))
            wait = min(wait * 2, 4)
        }
    }

    private static func message(_ data: Data) -> String {
        return (try? WorkoutAPI.decoder().decode(WorkoutAPI.ErrorBody.self, from: data))?.error.message ?? String(decoding: data.prefix(200), as: UTF8.self)
    }
}
#endif
