public import Foundation

/// A planned route as a course file holds it, before any distance is measured: its points in order and the
/// places it names (a GPX file's waypoints, a TCX course's course points), read from GPX (`trk`, `rte`, `wpt`;
/// times not needed, as route planners write none) and TCX courses (`Course`, `Track`, `CoursePoint`).
public struct CoursePlan: Sendable, Equatable {
    /// A named place: a turn, a summit, water.
    public struct Place: Sendable, Equatable {
        /// Degrees north.
        public var latitude: Double
        /// Degrees east.
        public var longitude: Double
        /// Its name or notes.
        public var name: String?
        /// What it is, in the file's words: `Left`, `Summit`, `water`, `Danger` (TCX PointType, GPX type or sym).
        public var type: String?

        /// A place at `latitude`, `longitude`.
        public init(latitude: Double, longitude: Double, name: String? = nil, type: String? = nil) {
            self.latitude = latitude
            self.longitude = longitude
            self.name = name
            self.type = type
        }
    }

    /// The course's name, if the file gives one.
    public var name: String?
    /// Its points in order: latitude, longitude, altitude.
    public var points: [(latitude: Double, longitude: Double, altitude: Double?)] = []
    /// Its named places.
    public var places: [Place] = []

    /// A plan of `points` and `places`, named `name`.
    public init(name: String? = nil, points: [(latitude: Double, longitude: Double, altitude: Double?)] = [], places: [Place] = []) {
        self.name = name
        self.points = points
        self.places = places
    }

    public static func == (a: CoursePlan, b: CoursePlan) -> Bool {
        a.name == b.name && a.places == b.places && a.points.count == b.points.count
            && zip(a.points, b.points).allSatisfy { $0.latitude == $1.latitude && $0.longitude == $1.longitude && $0.altitude == $1.altitude }
    }

    /// The plan `data` holds (GPX or TCX, told by its root element), or the problem at its line and column.
    /// Points past `maximumPoints` are refused, so a hostile file cannot exhaust memory.
    public static func read(_ data: Data, maximumPoints: Int = 2_000_000) -> Result<CoursePlan, XMLLocatedProblem> {
        var handler = Handler(maximumPoints: maximumPoints)
        if let problem = XMLLocatedProblem.scan(data, into: &handler) { return .failure(problem) }
        guard handler.plan.points.count >= 2 else {
            return .failure(XMLLocatedProblem(message: "the file holds \(handler.plan.points.count) route or track points; a course needs two or more (GPX <trkpt> or <rtept>, TCX <Trackpoint>)"))
        }
        return .success(handler.plan)
    }

    private struct Handler: XMLHandler {
        let maximumPoints: Int
        var plan = CoursePlan()
        var path: [String] = []
        var position: (latitude: Double, longitude: Double)?
        var altitude: Double?
        var latitudeText: Double?, longitudeText: Double?
        var placeName: String?, placeType: String?

        init(maximumPoints: Int) { self.maximumPoints = maximumPoints }

        mutating func startElement(_ name: String, attributes: [(name: String, value: String)], offset: Int) throws(XMLProblem) {
            path.append(name)
            switch name {
            case "trkpt", "rtept", "wpt":
                guard let lat = attributes.first(where: { $0.name == "lat" }).flatMap({ Double($0.value) }),
                      let lon = attributes.first(where: { $0.name == "lon" }).flatMap({ Double($0.value) }),
                      lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180 else {
                    throw XMLProblem("a <\(name)> needs lat and lon attributes within −90…90 and −180…180", at: offset)
                }
                position = (lat, lon)
                altitude = nil
                placeName = nil
                placeType = nil
            case "Trackpoint", "CoursePoint":
                latitudeText = nil
                longitudeText = nil
                altitude = nil
                placeName = nil
                placeType = nil
            default: break
            }
            if ["trkpt", "rtept", "Trackpoint"].contains(name), plan.points.count >= maximumPoints {
                throw XMLProblem("the course holds more than \(maximumPoints) points", at: offset)
            }
        }

        mutating func endElement(_ name: String) throws(XMLProblem) {
            defer { path.removeLast() }
            switch name {
            case "trkpt", "rtept":
                if let position { plan.points.append((position.latitude, position.longitude, altitude)) }
                position = nil
            case "wpt":
                if let position { plan.places.append(Place(latitude: position.latitude, longitude: position.longitude, name: placeName, type: placeType)) }
                position = nil
            case "Trackpoint":
                if let latitudeText, let longitudeText { plan.points.append((latitudeText, longitudeText, altitude)) }
            case "CoursePoint":
                if let latitudeText, let longitudeText {
                    plan.places.append(Place(latitude: latitudeText, longitude: longitudeText, name: placeName, type: placeType))
                }
            default: break
            }
        }

        mutating func text(_ text: String, offset: Int) throws(XMLProblem) {
            guard let element = path.last else { return }
            let parent = path.count >= 2 ? path[path.count - 2] : ""
            func number() throws(XMLProblem) -> Double { try XMLProblem.number(text, in: element, at: offset) }
            switch element {
            case "ele", "AltitudeMeters": altitude = try number()
            case "LatitudeDegrees":
                let value = try number()
                guard abs(value) <= 90 else { throw XMLProblem("<LatitudeDegrees>\(text)</LatitudeDegrees> is not within −90…90", at: offset) }
                latitudeText = value
            case "LongitudeDegrees":
                let value = try number()
                guard abs(value) <= 180 else { throw XMLProblem("<LongitudeDegrees>\(text)</LongitudeDegrees> is not within −180…180", at: offset) }
                longitudeText = value
            case "name", "Name":
                if ["wpt", "CoursePoint"].contains(parent) { placeName = String(text.prefix(200)) }
                else if ["trk", "rte", "Course", "metadata"].contains(parent), plan.name == nil { plan.name = String(text.prefix(200)) }
            case "Notes" where parent == "CoursePoint": if placeName == nil { placeName = String(text.prefix(200)) }
            case "type", "sym", "PointType": if ["wpt", "CoursePoint"].contains(parent), placeType == nil { placeType = String(text.prefix(50)) }
            default: break
            }
        }
    }
}
