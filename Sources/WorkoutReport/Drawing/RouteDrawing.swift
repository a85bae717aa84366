import WorkoutFormats
import Markup
import Foundation

/// The route as inline SVG in Web Mercator: the track coloured by speed or heart
/// rate, start and finish, laps and pauses, a scale bar and a north arrow, and
/// map tiles beneath only when a tile server is named.
struct RouteDrawing {
    static let maximumWidth = 800.0, maximumHeight = 520.0, margin = 24.0
    /// Bands kept clear of the track: the north arrow's at the top, the scale bar's at the bottom.
    static let topBand = 44.0, bottomBand = 36.0

    /// The drawn track's points: seconds since the start, SVG position, latitude and longitude.
    var t: [Double] = [], x: [Double] = [], y: [Double] = [], latitude: [Double] = [], longitude: [Double] = []
    /// The SVG element; empty when the workout has no positions.
    var svg = HTML.empty
    /// World pixels (zoom 0) to SVG units: x = (worldX − originX) × scale, likewise y.
    var originX = 0.0, originY = 0.0, scale = 1.0

    /// What the track's colour shows.
    struct Colouring {
        var title: String
        var unit: String
        var values: [Double?]
        var decimals = 0
    }

    init(timeline: WorkoutTimeline, colouring: Colouring?, laps: [Double], tiles: String?, tileZooms: ClosedRange<Int> = 0...19,
         offlineTiles: OfflineTiles? = nil, units: ReportUnits) {
        var worldX: [Double] = [], worldY: [Double] = [], source: [Int] = []
        for index in 0..<timeline.count {
            guard let latitude = timeline.latitude[index], let longitude = timeline.longitude[index] else { continue }
            let point = WebMercator.project(latitude: latitude, longitude: longitude)
            worldX.append(point.x)
            worldY.append(point.y)
            source.append(index)
        }
        guard let minX = worldX.min(), let maxX = worldX.max(), let minY = worldY.min(), let maxY = worldY.max() else { return }
        // One scale for both axes, fitting the track inside the drawing; a point-like track gets a 200 m view.
        let spanX = max(maxX - minX, 1e-5), spanY = max(maxY - minY, 1e-5)
        let scale = min((Self.maximumWidth - 2 * Self.margin) / spanX, (Self.maximumHeight - Self.topBand - Self.bottomBand) / spanY)
        let width = max(spanX * scale + 2 * Self.margin, 240).rounded(.up), height = (spanY * scale + Self.topBand + Self.bottomBand).rounded(.up)
        let originX = minX - (width - spanX * scale) / 2 / scale, originY = minY - Self.topBand / scale
        (self.originX, self.originY, self.scale) = (originX, originY, scale)
        let screenX = worldX.map { ($0 - originX) * scale }, screenY = worldY.map { ($0 - originY) * scale }
        let kept = PolylineSimplifier.indices(x: screenX, y: screenY, tolerance: 0.35)
        x = kept.map { screenX[$0] }
        y = kept.map { screenY[$0] }
        t = kept.map { timeline.elapsed[source[$0]] }
        latitude = kept.map { timeline.latitude[source[$0]] ?? 0 }
        longitude = kept.map { timeline.longitude[source[$0]] ?? 0 }

        var out: HTML = "<svg viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-labelledby=\"map-title\" id=\"map-svg\" tabindex=\"0\">"
        out += "<title id=\"map-title\">Route map\(colouring.map { ", coloured by \($0.title.lowercased())" } ?? "")</title>"
        out += "<rect class=\"map-ground\" width=\"\(Int(width))\" height=\"\(Int(height))\"/>"
        // Everything that moves when the map is panned and zoomed; the scale bar and the north arrow stay put.
        out += "<g id=\"map-view\">"
        if let offlineTiles {
            out += Self.tileImages(zooms: offlineTiles.zooms, originX: originX, originY: originY, scale: scale, width: width, height: height) { zoom, x, y in
                offlineTiles.tile(zoom, x, y).map(OfflineTiles.dataURL)
            }
        } else if let tiles {
            out += Self.tileImages(zooms: tileZooms, originX: originX, originY: originY, scale: scale, width: width, height: height) { zoom, x, y in
                tiles.replacingOccurrences(of: "{z}", with: "\(zoom)").replacingOccurrences(of: "{x}", with: "\(x)").replacingOccurrences(of: "{y}", with: "\(y)")
            }
        }
        var outline = ""
        for index in x.indices { outline += (index == 0 ? "M" : "L") + ReportText.number(x[index]) + "," + ReportText.number(y[index]) }
        out += "<path id=\"track-line\" class=\"track-outline\" data-points=\"\(x.count)\" d=\"\(outline)\"/>"
        out += Self.colouredSegments(x: x, y: y, values: colouring.map { c in kept.map { c.values[source[$0]] } })
        // Markers: laps and pauses where they happened, then start and finish on top, each kept clear of the others.
        func position(at time: Double) -> (Double, Double)? {
            guard !t.isEmpty else { return nil }
            var low = 0, high = t.count - 1
            while low < high {
                let middle = (low + high) / 2
                if t[middle] < time { low = middle + 1 } else { high = middle }
            }
            return (x[low], y[low])
        }
        var markers: [MapMarker] = []
        if let first = x.first, let firstY = y.first, let last = x.last, let lastY = y.last {
            markers.append(MapMarker(kind: .start, x: first, y: firstY, title: "Start"))
            markers.append(MapMarker(kind: .finish, x: last, y: lastY, title: "Finish"))
        }
        for (number, lap) in laps.enumerated() where number > 0 {
            if let (px, py) = position(at: lap) {
                markers.append(MapMarker(kind: .lap(number + 1), x: px, y: py, title: "Lap \(number + 1) starts (\(ReportText.duration(lap)))"))
            }
        }
        markers += MapMarker.pauseClusters(timeline.pauses.compactMap { pause in
            position(at: pause.lowerBound).map { (x: $0.0, y: $0.1, title: "at \(ReportText.duration(pause.lowerBound)) for \(ReportText.duration(pause.upperBound - pause.lowerBound))") }
        })
        let placed = MapMarker.placedClear(markers, width: width, height: height - Self.bottomBand, obstacles: [(width - 20, 22)])
        // Drawn under the start and finish, which were placed first.
        for marker in placed.reversed() { out += marker.svg }
        out += "<circle id=\"map-cursor\" cx=\"-20\" cy=\"-20\" r=\"7\"/>"
        out += "</g>"
        out += Self.scaleBar(latitude: (timeline.latitude[source[0]] ?? 0), scale: scale, height: height, units: units)
        out += "<g class=\"north\" transform=\"translate(\(Int(width - 20)),22)\"><title>North is up</title><path d=\"M0,-12L6,6L0,2L-6,6Z\"/><text y=\"18\" text-anchor=\"middle\">N</text></g>"
        out += "</svg>"
        svg = out
    }

    /// The track in runs of one colour: seven steps from the 5th to the 95th percentile of the values.
    private static func colouredSegments(x: [Double], y: [Double], values: [Double?]?) -> HTML {
        guard let values, x.count > 1 else { return .empty }
        let sorted = values.compactMap { $0 }.sorted()
        guard sorted.count > 1 else { return .empty }
        let low = sorted[sorted.count / 20], high = sorted[sorted.count * 19 / 20]
        func step(_ value: Double?) -> Int {
            guard let value else { return -1 }
            guard high > low else { return 3 }
            return max(0, min(6, Int((value - low) / (high - low) * 7)))
        }
        var out = HTML.empty
        var current = step(values[1]), path = "M" + ReportText.number(x[0]) + "," + ReportText.number(y[0])
        func flush() { if current >= 0 { out += "<path class=\"track c\(current)\" d=\"\(path)\"/>" } }
        for index in 1..<x.count {
            let next = step(values[index])
            if next != current {
                flush()
                current = next
                path = "M" + ReportText.number(x[index - 1]) + "," + ReportText.number(y[index - 1])
            }
            path += "L" + ReportText.number(x[index]) + "," + ReportText.number(y[index])
        }
        flush()
        return out
    }

    /// A bar of a round length (1, 2 or 5 × 10ⁿ metres, or miles and feet) about a quarter of the width.
    private static func scaleBar(latitude: Double, scale: Double, height: Double, units: ReportUnits) -> HTML {
        let metersPerPixel = WebMercator.metersPerWorldPixel(atLatitude: latitude) / scale
        let unitMeters = units == .metric ? 1.0 : 0.3048
        let target = metersPerPixel * 160 / unitMeters
        var power = 1.0
        while power * 10 <= target { power *= 10 }
        var length = [5.0, 2, 1].map { $0 * power }.first { $0 <= target } ?? power
        var label: String
        if units == .metric {
            label = length >= 1_000 ? "\(ReportText.number(length / 1_000)) km" : "\(Int(length)) m"
        } else if length >= 5_280 / 2 {
            let miles = max(1, (length / 5_280).rounded(.down))
            length = miles * 5_280
            label = "\(Int(miles)) mi"
        } else {
            label = "\(Int(length)) ft"
        }
        let pixels = length * unitMeters / metersPerPixel
        let y = height - 12
        return "<g class=\"scale-bar\" data-meters-per-unit=\"\(ReportText.number(metersPerPixel, decimals: 6))\" data-units=\"\(units == .metric ? "metric" : "imperial")\"><title>Scale: \(label)</title><path d=\"M12,\(Int(y - 5))V\(Int(y))H\(ReportText.number(12 + pixels))V\(Int(y - 5))\"/><text x=\"\(ReportText.number(14 + pixels / 2))\" y=\"\(Int(y - 8))\" text-anchor=\"middle\">\(label)</text></g>"
    }

    /// Tiles covering the drawing at the zoom nearest its scale within `zooms` (a coarser one is drawn larger),
    /// each from `source` (a URL, or nil where there is no tile).
    private static func tileImages(zooms: ClosedRange<Int>, originX: Double, originY: Double, scale: Double, width: Double, height: Double,
                                   source: (_ zoom: Int, _ x: Int, _ y: Int) -> String?) -> HTML {
        let zoom = max(zooms.lowerBound, min(zooms.upperBound, Int(log2(scale).rounded(.down))))
        let tiles = Double(1 << zoom)
        let tileSize = 256 / tiles * scale
        let firstX = Int((originX * tiles / 256).rounded(.down)), lastX = Int(((originX + width / scale) * tiles / 256).rounded(.down))
        let firstY = Int((originY * tiles / 256).rounded(.down)), lastY = Int(((originY + height / scale) * tiles / 256).rounded(.down))
        var out: HTML = "<g class=\"tiles\" data-zoom=\"\(zoom)\">"
        for tileY in max(0, firstY)...max(0, lastY) where tileY < Int(tiles) {
            for tileX in firstX...max(firstX, lastX) {
                let wrapped = ((tileX % Int(tiles)) + Int(tiles)) % Int(tiles)
                guard let url = source(zoom, wrapped, tileY) else { continue }
                let left = (Double(tileX) * 256 / tiles - originX) * scale, top = (Double(tileY) * 256 / tiles - originY) * scale
                out += "<image href=\"\(url)\" x=\"\(ReportText.number(left))\" y=\"\(ReportText.number(top))\" width=\"\(ReportText.number(tileSize + 0.5))\" height=\"\(ReportText.number(tileSize + 0.5))\"/>"
            }
        }
        return out + "</g>"
    }
}
