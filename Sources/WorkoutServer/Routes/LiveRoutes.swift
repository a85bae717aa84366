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
            guard liveFeed != nil else { throw noRecording }
            return ServerResponse.html(LivePage.render())
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

    /// The refusal of the live API where nothing is recorded.
    var noRecording: WebError {
        WebError(.notFound, title: "Nothing is being recorded",
                 message: "This server runs without a recording; start one with `workout record … --serve :8080` to follow it here.")
    }
}
