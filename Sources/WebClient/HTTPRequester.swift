public import Foundation
public import NIOHTTP1
import NIOCore
import NIOPosix
import NIOSSL

/// One HTTP/1.1 request on a connection of its own, over NIO, with TLS for
/// `https://`: what a club's recorders and the ride uploads need from a client, and no more.
///
/// Foundation's URLSession is not used: on Linux it keeps a core busy while it
/// waits for an answer, and fifty recorders syncing at once starved the server.
public enum HTTPRequester {
    /// An answer: its status, headers and body.
    public struct Answer: Sendable {
        /// The status code.
        public var status: Int
        /// The headers, in order, as the server sent them.
        public var headers: [(name: String, value: String)]
        /// The body.
        public var body: Data

        /// Makes an answer.
        public init(status: Int, headers: [(name: String, value: String)] = [], body: Data) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// The first header named `name` (case-insensitive), or nil.
        public func header(_ name: String) -> String? {
            headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    /// Why there is no answer: the server could not be reached, went away or was too slow.
    public struct Failure: Error, CustomStringConvertible {
        /// What happened, for a person.
        public let description: String
    }

    /// Sends `method` to `url` and waits for the whole answer, at most `timeout`.
    public static func send(_ method: HTTPMethod, _ url: URL, headers: [(String, String)] = [], body: Data? = nil,
                            userAgent: String = "openhealthkit-workout", timeout: Duration = .seconds(60)) async throws -> Answer {
        guard let host = url.host, let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme) else {
            throw Failure(description: "\(url.absoluteString) is not an http:// or https:// address")
        }
        let secure = scheme == "https"
        let port = url.port ?? (secure ? 443 : 80)
        var target = url.path.isEmpty ? "/" : url.path
        if let query = url.query { target += "?" + query }
        var head = HTTPRequestHead(version: .http1_1, method: method, uri: target)
        head.headers.add(name: "Host", value: url.port.map { "\(host):\($0)" } ?? host)
        head.headers.add(name: "Content-Length", value: "\(body?.count ?? 0)")
        head.headers.add(name: "Connection", value: "close")
        head.headers.add(name: "User-Agent", value: userAgent)
        for (name, value) in headers { head.headers.add(name: name, value: value) }
        let request = head
        return try await withThrowingTaskGroup(of: Answer.self) { group in
            group.addTask { try await exchange(request, body: body, host: host, port: port, secure: secure) }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw Failure(description: "no answer within \(timeout.components.seconds) s")
            }
            defer { group.cancelAll() }
            guard let answer = try await group.next() else { throw Failure(description: "no answer") }
            return answer
        }
    }

    private static func exchange(_ head: HTTPRequestHead, body: Data?, host: String, port: Int, secure: Bool) async throws -> Answer {
        let channel: NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>
        do {
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(10))
                .connect(host: host, port: port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        if secure {
                            let context = try NIOSSLContext(configuration: .makeClientConfiguration())
                            try channel.pipeline.syncOperations.addHandler(try NIOSSLClientHandler(context: context, serverHostname: host))
                        }
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw Failure(description: "cannot connect to \(host):\(port) (\(error))")
        }
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(.head(head))
            if let body, !body.isEmpty { try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body)))) }
            try await outbound.write(.end(nil))
            var status = 0
            var headers: [(name: String, value: String)] = []
            var data = Data()
            for try await part in inbound {
                switch part {
                case .head(let response):
                    status = Int(response.status.code)
                    headers = response.headers.map { (name: $0.name, value: $0.value) }
                case .body(let buffer): data.append(contentsOf: buffer.readableBytesView)
                case .end: return Answer(status: status, headers: headers, body: data)
                }
            }
            throw Failure(description: "the connection closed before the answer ended")
        }
    }
}
