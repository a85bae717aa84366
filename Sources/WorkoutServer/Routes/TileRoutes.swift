import Foundation
import Hummingbird
import WorkoutReport

/// `GET /tiles/{z}/{x}/{y}` (`.png`, `.jpg` or `.webp` after `y` is allowed): a tile of the map the server
/// serves itself from an MBTiles file (`workout serve --mbtiles`), to anyone who reaches the server: it is the
/// operator's map, nothing of a rider's, and a public workout's page draws it for readers with no log-in; 404
/// where the file has no such tile or the server has no map.
struct TileRoutes<Catalog: ServedCatalog> {
    let catalog: Catalog

    var routes: RouteCollection<Catalog.Context> {
        let routes = RouteCollection(context: Catalog.Context.self)
        routes.get("/tiles/:z/:x/:y") { _, context in
            guard let tiles = catalog.configuration.offlineTiles else {
                throw WebError(.notFound, title: "No map here", message: "This server has no map of its own; start it with `workout serve --mbtiles FILE` to serve one.")
            }
            let yText = context.parameters.get("y") ?? ""
            let y = yText.split(separator: ".", maxSplits: 1).first.map(String.init) ?? yText
            guard let zoom = context.parameters.get("z").flatMap(Int.init), let x = context.parameters.get("x").flatMap(Int.init), let row = Int(y),
                  (0...30).contains(zoom), (0..<(1 << zoom)).contains(x), (0..<(1 << zoom)).contains(row) else {
                throw WebError.badRequest("Bad tile", "A tile is /tiles/{z}/{x}/{y}, each a whole number, x and y below 2 to the power z.")
            }
            guard let data = tiles.tile(zoom, x, row) else {
                throw WebError(.notFound, title: "No such tile", message: "The map has no tile \(zoom)/\(x)/\(row); it covers zooms \(tiles.zooms.lowerBound) to \(tiles.zooms.upperBound).")
            }
            var headers = HTTPFields()
            headers[.contentType] = OfflineTiles.mediaType(of: data)
            headers[.cacheControl] = "private, max-age=86400"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
        }
        return routes
    }
}
