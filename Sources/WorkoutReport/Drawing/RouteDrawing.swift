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

    init(timeline: WorkoutTimeline, colouring: Colouring?, laps: [Double], tiles: String?, offlineTiles: OfflineTiles? = nil, units: ReportUnits) {
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

        var out: HTML = "<svg viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-labelledby=\"map-title\" id=\"map-svg\">"
        out += "<title id=\"map-title\">Route map\(colouring.map { ", coloured by \($0.title.lowercased())" } ?? "")</title>"
        out += "<rect class=\"map-ground\" width=\"\(Int(width))\" height=\"\(Int(height))\"/>"
        if let offlineTiles {
            out += Self.tileImages(zooms: offlineTiles.zooms, originX: originX, originY: originY, scale: scale, width: width, height: height) { zoom, x, y in
                offlineTiles.tile(zoom, x, y).map(OfflineTiles.dataURL)
            }
        } else if let tiles {
            out += Self.tileImages(zooms: 0...19, originX: originX, originY: originY, scale: scale, width: width, height: height) { zoom, x, y in
                tiles.replacingOccurrences(of: "{z}", with: "\(zoom)").replacingOccurrences(of: "{x}", with: "\(x)").replacingOccurrences(of: "{y}", with: "\(y)")
            }
        }
        var outline = ""
        for index in x.indices { outline += (index == 0 ? "M" : "L") + ReportText.number(x[index]) + "," + ReportText.number(y[index]) }
        out += "<path id=\"track-line\" class=\"track-outline\" data-points=\"\(x.count)\" d=\"\(outline)\"/>"
        out += Self.colouredSegments(x: x, y: y, values: colouring.map { c in kept.map { c.values[source[$0]] } })
        // Markers: laps and pauses where they happened, then start and finish on top.
        func position(at time: Double) -> (Double, Double)? {
            guard !t.isEmpty else { return nil }
            var low = 0, high = t.count - 1
            while low < high {
                let middle = (low + high) / 2
                if t[middle] < time { low = middle + 1 } else { high = middle }
            }
            return (x[low], y[low])
        }
        for (number, lap) in laps.enumerated() where number > 0 {
            if let (px, py) = position(at: lap) {
                out += "<g class=\"lap-marker\"><title>Lap \(number + 1) starts (\(ReportText.duration(lap)))</title><circle cx=\"\(ReportText.number(px))\" cy=\"\(ReportText.number(py))\" r=\"7\"/><text x=\"\(ReportText.number(px))\" y=\"\(ReportText.number(py))\" text-anchor=\"middle\" dominant-baseline=\"central\">\(number + 1)</text></g>"
            }
        }
        for pause in timeline.pauses {
            if let (px, py) = position(at: pause.lowerBound) {
                out += "<g class=\"pause-marker\"><title>Paused at \(ReportText.duration(pause.lowerBound)) for \(ReportText.duration(pause.upperBound - pause.lowerBound))</title><rect x=\"\(ReportText.number(px - 4.5))\" y=\"\(ReportText.number(py - 4.5))\" width=\"9\" height=\"9\" rx=\"1.5\"/><path d=\"M\(ReportText.number(px - 1.5)),\(ReportText.number(py - 2.5))v5M\(ReportText.number(px + 1.5)),\(ReportText.number(py - 2.5))v5\"/></g>"
            }
        }
        out += "<g class=\"start-marker\"><title>Start</title><circle cx=\"\(ReportText.number(x[0]))\" cy=\"\(ReportText.number(y[0]))\" r=\"8\"/></g>"
        out += "<g class=\"finish-marker\"><title>Finish</title><rect x=\"\(ReportText.number(x[x.count - 1] - 7))\" y=\"\(ReportText.number(y[y.count - 1] - 7))\" width=\"14\" height=\"14\"/></g>"
        out += Self.scaleBar(latitude: (timeline.latitude[source[0]] ?? 0), scale: scale, height: height, units: units)
        out += "<g class=\"north\" transform=\"translate(\(Int(width - 20)),22)\"><title>North is up</title><path d=\"M0,-12L6,6L0,2L-6,6Z\"/><text y=\"18\" text-anchor=\"middle\">N</text></g>"
        out += "<circle id=\"map-cursor\" cx=\"-20\" cy=\"-20\" r=\"7\"/>"
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
        return "<g class=\"scale-bar\"><title>Scale: \(label)</title><path d=\"M12,\(Int(y - 5))V\(Int(y))H\(ReportText.number(12 + pixels))V\(Int(y - 5))\"/><text x=\"\(ReportText.number(14 + pixels / 2))\" y=\"\(Int(y - 8))\" text-anchor=\"middle\">\(label)</text></g>"
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
