import CourseGuidance
import Foundation
import OpenHealthKit

/// A recording's guidance along a course (`workout record --course FILE`): each new fix matched, and what the
/// dashboard's navigation line and the log say.
struct CourseNavigation {
    private var matcher: CourseMatcher
    private var matched = 0
    /// Where the rider was at the last fix matched; nil before the first.
    private(set) var position: CourseMatcher.Position?
    /// Whether the rider reached the course's end (on course, within ``finishWithin`` of it); it stays so.
    private(set) var finished = false

    /// How near the end of the course, in metres, a fix on course finishes it: about a receiver's accuracy, so a
    /// rider stopping on the line is not left a few metres short of it.
    static let finishWithin = 25.0

    /// The course's climbs, found once.
    private let climbs: [Climb]

    init(course: Course) {
        matcher = CourseMatcher(course: course)
        climbs = Climb.climbs(of: course)
    }

    /// The course followed.
    var course: Course { matcher.course }

    /// Matches `location` when it is the data source's fix number `count` and that is new; returns the event to
    /// log, if any. The heading is the fix's course over ground when it has one and the rider moves (over 1 m/s).
    mutating func take(_ location: CLLocation?, count: Int) -> String? {
        guard let location, count > matched else { return nil }
        matched = count
        let heading = location.course >= 0 && location.speed > 1 ? location.course : nil
        let position = matcher.match(latitude: location.coordinate.latitude, longitude: location.coordinate.longitude, heading: heading,
                                     at: location.timestamp.timeIntervalSinceReferenceDate)
        self.position = position
        if !finished, position.onCourse, position.distanceToGo <= Self.finishWithin {
            finished = true
            if position.event == nil { return String(format: "course finished: %.2f km", course.length / 1_000) }
        }
        switch position.event {
        case .offCourse(let distance, let bearing):
            return String(format: "off course at %.2f km: %.0f m away, back on %.0f°", position.distanceAlong / 1_000, distance, bearing)
        case .backOnCourse:
            return String(format: "back on course at %.2f km", position.distanceAlong / 1_000)
        case nil:
            return nil
        }
    }

    /// The dashboard's climb line while on course: the climb under way with what is left of it to the top (from the
    /// course's altitudes), else the next climb and how far ahead it starts; nil without climbs ahead.
    var climbLine: String? {
        guard let position, position.onCourse, !finished else { return nil }
        let along = position.distanceAlong
        if let index = climbs.firstIndex(where: { $0.start <= along && along < $0.end }) {
            let climb = climbs[index]
            let left = climb.end - along
            let gain = max(0, (course.altitude(at: climb.end) ?? 0) - (course.altitude(at: along) ?? 0))
            return String(format: "CLIMB %d/%d (cat %@)  %.2f km to the top, +%.0f m at %.1f %%", index + 1, climbs.count, climb.category,
                          left / 1_000, gain, left > 0 ? gain / left * 100 : 0)
        }
        guard let next = climbs.first(where: { $0.start > along }) else { return nil }
        return String(format: "next climb in %.2f km: %.2f km at %.1f %%, +%.0f m (cat %@)", (next.start - along) / 1_000, next.length / 1_000,
                      next.grade, next.gain, next.category)
    }

    /// The dashboard's navigation line: along and to go with the next cue, or off course with the way back.
    var line: String? {
        guard let position else { return nil }
        if let back = position.wayBack, !position.onCourse {
            return String(format: "OFF COURSE  %.0f m away, back on %.0f°", back.distance, back.bearing)
        }
        // At the end no cue is next: the course is done.
        if finished { return String(format: "COURSE finished, %.2f km", course.length / 1_000) }
        var text = String(format: "COURSE %.2f km, %.2f to go", position.distanceAlong / 1_000, position.distanceToGo / 1_000)
        if let next = position.nextCue {
            text += String(format: "   next: %@ in %.0f m", next.cue.kind.rawValue, next.distance) + (next.cue.name.map { " (\($0))" } ?? "")
        }
        return text
    }
}
