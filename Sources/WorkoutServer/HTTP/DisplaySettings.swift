import Foundation
import Hummingbird
import WorkoutReport

/// How a reader wants the pages: kilometres or miles, and the time zone dates are shown in. Kept in the
/// browser (two cookies set by `/settings`), so the one-athlete server, which has no accounts, keeps them
/// too; the API stays in SI units and UTC.
struct DisplaySettings: Sendable, Equatable {
    static let unitsCookie = "ohk_units"
    static let timeZoneCookie = "ohk_time_zone"
    static let tilesCookie = "ohk_tiles"

    /// Kilometres or miles.
    var units: ReportUnits = .metric
    /// The reader's time zone, when they chose one; else the server's.
    var timeZone: TimeZone?
    /// The map the reader chose under a workout's route; nil for the default: the server's own map
    /// (`workout serve --mbtiles`) where it has one, else none.
    var map: MapChoice?

    /// What is drawn under a route.
    enum MapChoice: Sendable, Equatable {
        /// No tiles: the page asks nothing of any server.
        case noMap
        /// The map the server serves itself, at `/tiles/{z}/{x}/{y}`.
        case serversOwn
        /// A tile server's URL template (`{z}`, `{x}`, `{y}`); the page then asks that server for tiles.
        case tileServer(String)

        /// The choice as its cookie keeps it: `none`, `server` or the template.
        var cookieValue: String {
            switch self {
            case .noMap: "none"
            case .serversOwn: "server"
            case .tileServer(let template): template
            }
        }

        /// The choice a cookie's value keeps; nil for anything else.
        init?(cookieValue value: String) {
            switch value {
            case "none": self = .noMap
            case "server": self = .serversOwn
            case _ where DisplaySettings.isTileTemplate(value): self = .tileServer(value)
            default: return nil
            }
        }
    }

    /// The tiles to draw under a route: a URL template, its zooms and its credit (nil: the report's own
    /// for the template); nil for none. `served` is the server's own map, if it has one.
    func tiles(served: OfflineTiles?) -> (template: String, zooms: ClosedRange<Int>, attribution: String?)? {
        switch map {
        case .noMap: return nil
        case .tileServer(let template): return (template, 0...19, nil)
        case .serversOwn, nil:
            guard let served else { return nil }
            return ("/tiles/{z}/{x}/{y}", served.zooms, served.attribution ?? "Map tiles from this server's MBTiles file")
        }
    }

    /// The settings `request`'s cookies hold; anything unreadable is the default.
    init(_ request: Request) {
        if let value = request.cookies[Self.unitsCookie]?.value, let units = ReportUnits(rawValue: value) { self.units = units }
        if let value = request.cookies[Self.timeZoneCookie]?.value.removingPercentEncoding, let zone = TimeZone(identifier: value) { timeZone = zone }
        if let value = request.cookies[Self.tilesCookie]?.value.removingPercentEncoding { map = MapChoice(cookieValue: value) }
    }

    /// Whether `text` is an http(s) URL template with `{z}`, `{x}` and `{y}`.
    static func isTileTemplate(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return (lowered.hasPrefix("https://") || lowered.hasPrefix("http://")) && text.contains("{z}") && text.contains("{x}") && text.contains("{y}")
            && !text.contains("\"") && !text.contains("<")
    }

    init(units: ReportUnits = .metric, timeZone: TimeZone? = nil, map: MapChoice? = nil) {
        self.units = units
        self.timeZone = timeZone
        self.map = map
    }

    /// The zone dates are shown in: the reader's, else `fallback` (the server's).
    func zone(or fallback: TimeZone) -> TimeZone { timeZone ?? fallback }
}
