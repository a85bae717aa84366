public import Foundation
import HealthKitModel
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Where a scenario's workout goes: a polyline with elevation.
///
/// Distances along it are geodesic (WGS84). A closed route (a loop) repeats;
/// past the end of an open route the athlete turns back, out and back.
public struct ScenarioRoute: Sendable, Hashable {
    /// One point of the route.
    public struct Point: Sendable, Hashable {
        /// Degrees north.
        public var latitude: Double
        /// Degrees east.
        public var longitude: Double
        /// Metres above the ellipsoid.
        public var elevation: Double
        /// Describes a point.
        public init(latitude: Double, longitude: Double, elevation: Double = 0) {
            self.latitude = latitude
            self.longitude = longitude
            self.elevation = elevation
        }
    }

    /// The points, in order.
    public let points: [Point]
    /// Metres from the first point to each point along the route.
    package let cumulative: [Double]
    /// Whether the route returns to its start and repeats.
    public let isLoop: Bool

    /// The route's length in metres.
    public var length: Double { cumulative.last ?? 0 }

    /// A route through `points`; at least two, and not all at one place.
    public init?(points: [Point]) {
        guard points.count >= 2 else { return nil }
        var cumulative = [0.0]
        for (a, b) in zip(points, points.dropFirst()) {
            cumulative.append(cumulative.last! + Geodesic.wgs84.distance(latitude1: a.latitude, longitude1: a.longitude,
                                                                        latitude2: b.latitude, longitude2: b.longitude))
        }
        guard cumulative.last! > 0 else { return nil }
        self.points = points
        self.cumulative = cumulative
        let first = points.first!, last = points.last!
        isLoop = Geodesic.wgs84.distance(latitude1: first.latitude, longitude1: first.longitude, latitude2: last.latitude, longitude2: last.longitude) < 1
    }

    /// A loop of `length` metres around `center`, rising and falling by `climb`
    /// metres once per lap, with a point every 5 m or so.
    public static func loop(center: Point, length: Double, climb: Double) -> ScenarioRoute? {
        guard length > 0 else { return nil }
        let radius = length / (2 * .pi)
        let count = max(36, Int(length / 5))
        let metersPerDegreeLatitude = 111_132.954 - 559.822 * cos(2 * center.latitude * .pi / 180)
        let metersPerDegreeLongitude = 111_412.84 * cos(center.latitude * .pi / 180)
        var points: [Point] = []
        for index in 0...count {
            let angle = 2 * Double.pi * Double(index % count) / Double(count)
            points.append(Point(latitude: center.latitude + radius * sin(angle) / metersPerDegreeLatitude,
                                longitude: center.longitude + radius * cos(angle) / metersPerDegreeLongitude,
                                elevation: center.elevation + climb / 2 * (1 - cos(angle))))
        }
        return ScenarioRoute(points: points)
    }

    /// Where the athlete is after covering `distance` metres: position,
    /// elevation, course in degrees clockwise from north, and grade.
    package func place(at distance: Double) -> (point: Point, course: Double, grade: Double) {
        var along = max(0, distance)
        var reversed = false
        if along > length {
            if isLoop {
                along = along.truncatingRemainder(dividingBy: length)
            } else {
                let lap = (along / length).rounded(.down)
                along -= lap * length
                if Int(lap) % 2 == 1 { along = length - along; reversed = true }
            }
        }
        // Binary search for the segment holding `along`.
        var low = 0, high = cumulative.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if cumulative[middle] <= along { low = middle } else { high = middle }
        }
        let a = points[low], b = points[high]
        let span = cumulative[high] - cumulative[low]
        let t = span > 0 ? (along - cumulative[low]) / span : 0
        let point = Point(latitude: a.latitude + (b.latitude - a.latitude) * t,
                          longitude: a.longitude + (b.longitude - a.longitude) * t,
                          elevation: a.elevation + (b.elevation - a.elevation) * t)
        let north = (b.latitude - a.latitude)
        let east = (b.longitude - a.longitude) * cos(a.latitude * .pi / 180)
        var course = atan2(east, north) * 180 / .pi
        var grade = span > 0 ? (b.elevation - a.elevation) / span : 0
        if reversed { course += 180; grade = -grade }
        course = course.truncatingRemainder(dividingBy: 360)
        if course < 0 { course += 360 }
        return (point, course, grade)
    }

    /// The track points of a GPX file (`trkpt`, else `rtept`).
    ///
    /// - Throws: ``ScenarioError`` with the file and the parser's line and column.
    public static func gpx(contentsOf url: URL) throws(ScenarioError) -> ScenarioRoute {
        let data: Data
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size > ScenarioLimits.maximumRouteFileBytes {
            throw ScenarioError(file: url.path, line: 0, column: 0,
                                message: "the route file is \(Scenario.megabytes(size)), and route files are at most \(Scenario.megabytes(ScenarioLimits.maximumRouteFileBytes))",
                                hint: "Simplify the route (gpsbabel -x simplify,count=100000) or split it.")
        }
        do { data = try Data(contentsOf: url) } catch {
            throw ScenarioError(file: url.path, line: 0, column: 0, message: "cannot read the route file: \(error.localizedDescription)",
                                hint: "Route files are looked up relative to the scenario file.")
        }
        let reader = GPXPointReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        if !parser.parse() {
            throw ScenarioError(file: url.path, line: parser.lineNumber, column: parser.columnNumber,
                                message: "not well-formed XML: \(parser.parserError?.localizedDescription ?? "unknown error")",
                                hint: reader.track.isEmpty ? nil : "\(reader.track.count) points were read before the error; fix or truncate the file.")
        }
        if !reader.closed {
            throw ScenarioError(file: url.path, line: parser.lineNumber, column: parser.columnNumber,
                                message: "the file ends before </gpx>: it is truncated", hint: "\(reader.track.count) points were read; re-export the file.")
        }
        if let problem = reader.problem {
            throw ScenarioError(file: url.path, line: problem.line, column: problem.column, message: problem.message)
        }
        let points = reader.track.isEmpty ? reader.routePoints : reader.track
        guard points.count <= ScenarioLimits.maximumRoutePoints else {
            throw ScenarioError(file: url.path, line: 0, column: 0,
                                message: "the route has \(points.count) points, and a route has at most \(ScenarioLimits.maximumRoutePoints)",
                                hint: "Simplify the route (gpsbabel -x simplify,count=100000).")
        }
        guard let route = ScenarioRoute(points: points) else {
            throw ScenarioError(file: url.path, line: 0, column: 0, message: "the GPX file holds fewer than two distinct track or route points")
        }
        return route
    }
}

/// Collects `trkpt`/`rtept` positions and elevations from GPX.
private final class GPXPointReader: NSObject, XMLParserDelegate {
    var track: [ScenarioRoute.Point] = []
    var routePoints: [ScenarioRoute.Point] = []
    var problem: (line: Int, column: Int, message: String)?
    /// Whether the closing `</gpx>` was read.
    var closed = false
    private var current: (point: ScenarioRoute.Point, isTrack: Bool)?
    private var text = ""

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        let local = name.split(separator: ":").last.map(String.init) ?? name
        guard local == "trkpt" || local == "rtept" else { text = ""; return }
        guard let latitude = attributes["lat"].flatMap(Double.init), let longitude = attributes["lon"].flatMap(Double.init),
              (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            if problem == nil {
                problem = (parser.lineNumber, parser.columnNumber, "<\(local)> needs lat in -90…90 and lon in -180…180, found lat=\(attributes["lat"] ?? "none") lon=\(attributes["lon"] ?? "none")")
            }
            return
        }
        current = (ScenarioRoute.Point(latitude: latitude, longitude: longitude, elevation: track.last?.elevation ?? 0), local == "trkpt")
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        let local = name.split(separator: ":").last.map(String.init) ?? name
        if local == "gpx" { closed = true }
        if local == "ele", current != nil, let elevation = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            current?.point.elevation = elevation
        } else if local == "trkpt" || local == "rtept", let point = current {
            if point.isTrack { track.append(point.point) } else { routePoints.append(point.point) }
            current = nil
        }
        text = ""
    }
}
