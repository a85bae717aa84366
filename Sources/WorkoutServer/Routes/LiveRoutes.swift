import Foundation
import Hummingbird

/// The live page of the recording a server runs beside, its snapshot and its event stream.
struct LiveRoutes {
    /// The recording followed; nil for a server without one.
    let liveFeed: LiveFeed?

    /// The page, the snapshot and the stream, as a route collection.
    var routes: RouteCollection<BasicRequestContext> {
        let routes = RouteCollection(context: BasicRequestContext.self)
        // Without a recording the page would try to connect forever: say so instead.
        routes.get("/live") { _, _ in
            guard let liveFeed else { throw noRecording }
            return ServerResponse.html(LivePage.render(controls: await liveFeed.acceptsCommands))
        }
        // The page's buttons: {"command": "start" | "pause" | "lap" | "marker" | "finish"}. A change, so the access
        // policy asks for the server's token (off loopback) and refuses other sites' pages.
        routes.post("/api/live/commands") { request, context in
            guard let liveFeed else { throw noRecording }
            struct Asked: Decodable { var command: String }
            let asked: Asked
            do {
                asked = try await request.decode(as: Asked.self, context: context)
            } catch {
                throw WebError(.badRequest, title: "No command", message: "Send {\"command\": NAME} as JSON, NAME one of \(Self.commandNames).")
            }
            guard let command = LiveCommand(rawValue: asked.command) else {
                throw WebError(.badRequest, title: "Unknown command", message: "\"\(asked.command)\" is not a command: use one of \(Self.commandNames).")
            }
            switch await liveFeed.perform(command) {
            case nil:
                throw WebError(.conflict, title: "No controls",
                               message: "This recording takes no commands from the web; its rider drives it from the dashboard.")
            case false?:
                throw WebError(.conflict, title: "Not now", message: "\"\(command.rawValue)\" does not apply to the recording as it is now.")
            case true?:
                return ServerResponse.json(["accepted": command.rawValue], status: .accepted)
            }
        }
        routes.get("/api/live") { _, _ in
            guard let liveFeed else { throw noRecording }
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: await liveFeed.snapshotJSON())))
        }
        routes.get("/live/events") { _, _ in
            guard let liveFeed else { throw noRecording }
            let events = await liveFeed.subscribe()
            var headers = HTTPFields()
            headers[.contentType] = "text/event-stream"
            headers[.cacheControl] = "no-store"
            return Response(status: .ok, headers: headers, body: ResponseBody { writer in
                for await event in events { try await writer.write(ByteBuffer(string: event)) }
                try await writer.finish(nil)
            })
        }
        return routes
    }

    /// The commands, as a refusal names them.
    static var commandNames: String { LiveCommand.allCases.map(\.rawValue).joined(separator: ", ") }

    /// The refusal of the live API where nothing is recorded.
    var noRecording: WebError {
        WebError(.notFound, title: "Nothing is being recorded",
                 message: "This server runs without a recording; start one with `workout record … --serve :8080` to follow it here.")
    }
}
