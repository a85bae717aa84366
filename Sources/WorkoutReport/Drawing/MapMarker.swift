import Foundation
import Markup

/// A marker on the route map (start, finish, a lap's start, one or more pauses), and where it is drawn:
/// at its place on the track, or moved clear of the markers drawn before it with a line back to the place.
///
/// A ride's 47 auto-pauses at a handful of traffic lights are drawn as a few markers, each with its count
/// and every pause in its title; a marker that would cover another (a pause at a lap's start, two laps
/// pressed a few metres apart) is moved to the nearest clear place around it.
struct MapMarker: Equatable {
    enum Kind: Equatable {
        case start, finish
        case lap(Int)
        case pauses(Int)
    }

    /// Markers closer than this, centre to centre in drawing units, would overlap.
    static let clearance = 16.0

    var kind: Kind
    /// The place on the track.
    var x: Double, y: Double
    /// Where the marker is drawn: its place, or moved clear.
    var drawnX: Double, drawnY: Double
    /// What the marker's title says.
    var title: String

    init(kind: Kind, x: Double, y: Double, title: String) {
        self.kind = kind
        self.x = x
        self.y = y
        drawnX = x
        drawnY = y
        self.title = title
    }

    /// Pauses (in time order) as markers, each one gathering the pauses within ``clearance`` of its first.
    static func pauseClusters(_ pauses: [(x: Double, y: Double, title: String)]) -> [MapMarker] {
        var clusters: [(x: Double, y: Double, titles: [String])] = []
        for pause in pauses {
            if let index = clusters.firstIndex(where: { hypot($0.x - pause.x, $0.y - pause.y) < clearance }) {
                clusters[index].titles.append(pause.title)
            } else {
                clusters.append((pause.x, pause.y, [pause.title]))
            }
        }
        return clusters.map { cluster in
            let count = cluster.titles.count
            let title = count == 1 ? "Paused \(cluster.titles[0])" : "\(count) pauses here: \(cluster.titles.joined(separator: "; "))"
            return MapMarker(kind: .pauses(count), x: cluster.x, y: cluster.y, title: title)
        }
    }

    /// `markers` in order, each drawn at its place when that is clear of those before it and of `obstacles`
    /// (the north arrow: centres kept ``clearance`` × 1.5 away), else at the first clear place of the rings around
    /// it (eight directions, one then two clearances out) inside the `width` × `height` drawing; left where it is
    /// when none is clear.
    static func placedClear(_ markers: [MapMarker], width: Double, height: Double, obstacles: [(x: Double, y: Double)] = []) -> [MapMarker] {
        var placed: [MapMarker] = []
        let margin = clearance / 2
        func isClear(_ x: Double, _ y: Double) -> Bool {
            x >= margin && y >= margin && x <= width - margin && y <= height - margin
                && !placed.contains { hypot($0.drawnX - x, $0.drawnY - y) < clearance }
                && !obstacles.contains { hypot($0.x - x, $0.y - y) < clearance * 1.5 }
        }
        for var marker in markers {
            if !isClear(marker.x, marker.y) {
                search: for ring in [1.0, 2.0] {
                    for step in 0..<8 {
                        let angle = -Double.pi / 4 + Double(step) * Double.pi / 4
                        let candidateX = marker.x + cos(angle) * clearance * ring, candidateY = marker.y - sin(angle) * clearance * ring
                        if isClear(candidateX, candidateY) {
                            (marker.drawnX, marker.drawnY) = (candidateX, candidateY)
                            break search
                        }
                    }
                }
            }
            placed.append(marker)
        }
        return placed
    }

    /// The marker as SVG: a group translated to where it is drawn (the page's zoom scales it back to its
    /// size), with a leader line to its place when it was moved.
    var svg: HTML {
        let n = ReportText.number
        var out: HTML = ""
        let moved = drawnX != x || drawnY != y
        if moved {
            out += "<line class=\"marker-leader\" x1=\"\(n(x, 1))\" y1=\"\(n(y, 1))\" x2=\"\(n(drawnX, 1))\" y2=\"\(n(drawnY, 1))\"/>"
        }
        let place = "transform=\"translate(\(n(drawnX, 1)),\(n(drawnY, 1)))\" data-x=\"\(n(drawnX, 1))\" data-y=\"\(n(drawnY, 1))\""
        switch kind {
        case .start:
            out += "<g class=\"marker start-marker\" \(HTML.raw(place))><title>\(title)</title><circle r=\"8\"/></g>"
        case .finish:
            out += "<g class=\"marker finish-marker\" \(HTML.raw(place))><title>\(title)</title><rect x=\"-7\" y=\"-7\" width=\"14\" height=\"14\"/></g>"
        case .lap(let number):
            out += "<g class=\"marker lap-marker\" \(HTML.raw(place))><title>\(title)</title><circle r=\"7\"/>"
            out += "<text text-anchor=\"middle\" dominant-baseline=\"central\">\(number)</text></g>"
        case .pauses(let count):
            out += "<g class=\"marker pause-marker\" data-count=\"\(count)\" \(HTML.raw(place))><title>\(title)</title>"
            out += "<rect x=\"-5.5\" y=\"-5.5\" width=\"11\" height=\"11\" rx=\"1.5\"/>"
            out += count == 1 ? "<path d=\"M-1.5,-2.5v5M1.5,-2.5v5\"/></g>"
                              : "<text text-anchor=\"middle\" dominant-baseline=\"central\">\(count)</text></g>"
        }
        return out
    }
}
