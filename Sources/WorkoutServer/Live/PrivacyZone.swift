import Foundation

/// What a share link's followers may not see: positions within `radius` metres of where the session started and,
/// once it has ended, of where it finished (a rider's home, most often). A point's snapshot keeps everything else.
struct PrivacyZone: Sendable {
    /// The zone's radius in metres.
    let radius: Double
    /// The session's first position, once it has one; until then every position is hidden.
    var start: (latitude: Double, longitude: Double)?
    /// The session's last position, once it has ended.
    var finish: (latitude: Double, longitude: Double)?

    /// The positions `[[latitude, longitude, …], …]` of a point's body (`{"status": …, "points": […]}`).
    static func positions(in body: String) -> [[Double]] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any] else { return [] }
        return positions(of: object["points"])
    }

    /// The positions of a point's `points` value as JSON parsed it: each an array of at least a latitude and a
    /// longitude; anything else is left out.
    static func positions(of points: Any?) -> [[Double]] {
        ((points as? [Any]) ?? []).map { (($0 as? [Any]) ?? []).compactMap { ($0 as? NSNumber)?.doubleValue } }.filter { $0.count >= 2 }
    }

    /// Whether `position` is shown.
    func shows(_ position: [Double]) -> Bool {
        guard let start else { return false }
        func within(_ place: (latitude: Double, longitude: Double)) -> Bool {
            // A local flat projection: plenty for a few hundred metres.
            let north = (position[0] - place.latitude) * 111_320
            let east = (position[1] - place.longitude) * 111_320 * cos(place.latitude * .pi / 180)
            return north * north + east * east <= radius * radius
        }
        return !within(start) && !(finish.map(within) ?? false)
    }

    /// `body` with the positions the zone hides taken out; unchanged when it hides none (or cannot be read).
    func filtered(_ body: String) -> String {
        guard var object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any], let points = object["points"] as? [Any] else { return body }
        let kept = points.filter { point in Self.positions(of: [point]).first.map(shows) ?? false }
        guard kept.count != points.count else { return body }
        object["points"] = kept
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return body }
        return String(decoding: data, as: UTF8.self)
    }
}
