import Foundation
import Hummingbird

/// The live page and its event stream.
extension ServerRoutes {
    func addLive(to router: Router<BasicRequestContext>) {
        router.get("/live") { _, _ in ServerResponse.html(LivePage.render()) }
        router.get("/api/live") { _, _ in
            guard let liveFeed else { return noRecording(api: true) }
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: await liveFeed.snapshotJSON())))
        }
        router.get("/live/events") { _, _ in
            guard let liveFeed else { return noRecording(api: true) }
            let events = await liveFeed.subscribe()
            var headers = HTTPFields()
            headers[.contentType] = "text/event-stream"
            headers[.cacheControl] = "no-store"
            return Response(status: .ok, headers: headers, body: ResponseBody { writer in
                for await event in events { try await writer.write(ByteBuffer(string: event)) }
                try await writer.finish(nil)
            })
        }
    }

    func noRecording(api: Bool) -> Response {
        ServerResponse.error(.notFound, api: api, title: "Nothing is being recorded",
                             message: "This server runs without a recording; start one with `workout record … --serve :8080` to follow it here.")
    }
}
