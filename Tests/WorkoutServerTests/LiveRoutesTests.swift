import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import OpenHealthKit
import Synchronization
import TestSupport
import Testing
@testable import WorkoutServer

/// The live page of a recording a server runs beside: its buttons, and the commands they send the recording.
@Suite(.timeLimit(.minutes(10))) struct LiveRoutesTests {
    func server(feed: LiveFeed, token: String? = nil) -> WorkoutServer {
        let store = HKHealthStore(location: .file(Scratch.url("live-routes", extension: "sqlite").path))
        return WorkoutServer(library: StoreCatalog(store: store), liveFeed: feed,
                             configuration: .init(host: token == nil ? "127.0.0.1" : "0.0.0.0", port: 0, token: token))
    }

    func json(_ buffer: ByteBuffer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any])
    }

    @Test func theButtonsSendTheirCommandsToTheRecordingInOrder() async throws {
        let feed = LiveFeed(wallClock: { Date(timeIntervalSince1970: 1_790_000_000) })
        let received = Mutex<[LiveCommand]>([])
        await feed.acceptCommands { command in
            received.withLock { $0.append(command) }
            return command != .marker
        }
        let app = Application(router: server(feed: feed).router())
        try await app.test(.router) { client in
            try await client.execute(uri: "/live", method: .get) { response in
                let page = String(buffer: response.body)
                #expect(page.contains("id=\"live-controls\""))
                for command in ["start", "pause", "lap", "finish"] { #expect(page.contains("data-command=\"\(command)\""), "\(command)") }
            }
            for command in ["start", "pause", "lap"] {
                try await client.execute(uri: "/api/live/commands", method: .post, headers: [.contentType: "application/json"],
                                         body: ByteBuffer(string: "{\"command\":\"\(command)\"}")) { response in
                    #expect(response.status == .accepted)
                    let answer = try json(response.body)
                    #expect(answer["accepted"] as? String == command)
                }
            }
            // The recording may say a command does not apply now.
            try await client.execute(uri: "/api/live/commands", method: .post, headers: [.contentType: "application/json"],
                                     body: ByteBuffer(string: "{\"command\":\"marker\"}")) { #expect($0.status == .conflict) }
            try await client.execute(uri: "/api/live/commands", method: .post, headers: [.contentType: "application/json"],
                                     body: ByteBuffer(string: "{\"command\":\"explode\"}")) { response in
                #expect(response.status == .badRequest)
                let message = (try json(response.body)["error"] as? [String: Any])?["message"] as? String ?? ""
                #expect(message.contains("start, pause, lap, marker, finish"), "\(message)")
            }
            try await client.execute(uri: "/api/live/commands", method: .post, body: ByteBuffer(string: "lap")) { #expect($0.status == .badRequest) }
            // Another site's page cannot drive the recording through the rider's browser.
            try await client.execute(uri: "/api/live/commands", method: .post,
                                     headers: [.contentType: "application/json", HTTPField.Name("Sec-Fetch-Site")!: "cross-site"],
                                     body: ByteBuffer(string: "{\"command\":\"finish\"}")) { #expect($0.status == .forbidden) }
        }
        #expect(received.withLock { $0 } == [.start, .pause, .lap, .marker])
    }

    @Test func offLoopbackACommandNeedsTheToken() async throws {
        let feed = LiveFeed(wallClock: { Date(timeIntervalSince1970: 1_790_000_000) })
        let received = Mutex(0)
        await feed.acceptCommands { _ in received.withLock { $0 += 1 }; return true }
        let app = Application(router: server(feed: feed, token: "secret").router())
        try await app.test(.router) { client in
            try await client.execute(uri: "/api/live/commands", method: .post, headers: [.contentType: "application/json"],
                                     body: ByteBuffer(string: "{\"command\":\"finish\"}")) { #expect($0.status == .unauthorized) }
            try await client.execute(uri: "/api/live/commands", method: .post, headers: [.contentType: "application/json", .authorization: "Bearer secret"],
                                     body: ByteBuffer(string: "{\"command\":\"finish\"}")) { #expect($0.status == .accepted) }
        }
        #expect(received.withLock { $0 } == 1)
    }

    @Test func aRecordingWithoutControlsHasNoButtonsAndRefusesCommands() async throws {
        let feed = LiveFeed(wallClock: { Date(timeIntervalSince1970: 1_790_000_000) })
        let app = Application(router: server(feed: feed).router())
        try await app.test(.router) { client in
            try await client.execute(uri: "/live", method: .get) { #expect(!String(buffer: $0.body).contains("id=\"live-controls\"")) }
            try await client.execute(uri: "/api/live/commands", method: .post, headers: [.contentType: "application/json"],
                                     body: ByteBuffer(string: "{\"command\":\"start\"}")) { response in
                #expect(response.status == .conflict)
                let message = (try json(response.body)["error"] as? [String: Any])?["message"] as? String ?? ""
                #expect(message.contains("takes no commands"), "\(message)")
            }
        }
    }
}
