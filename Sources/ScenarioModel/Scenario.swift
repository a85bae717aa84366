public import Foundation
public import HealthKitModel
public import CourseGuidance

/// A scripted workout: who, where, which sensors, what happens and when, what
/// can go wrong, and what the result must be.
///
/// Scenario files are YAML (see `Scenarios/README.md` for the format); read one
/// with ``init(contentsOf:)`` or ``init(yaml:file:)``, then replay it with
/// ``ScenarioRunner``.
public struct Scenario: Sendable {
    /// A short title.
    public var name: String
    /// The workout's activity.
    public var activity: HKWorkoutActivityType
    /// Indoors, outdoors or unknown.
    public var location: HKWorkoutSessionLocationType
    /// When the timeline starts, on the sensors' (true) clock.
    public var start: Date
    /// The seed of every random choice: the same file and seed give the same workout.
    public var seed: UInt64
    /// The athlete, for the heart-rate model and energy; `nil` for a strap-only workout.
    public var athlete: AthleteProfile?
    /// Where the workout goes.
    public var route: ScenarioRoute?
    /// What the sensors report and how badly.
    public var sensors: ScenarioSensors
    /// What happens, in order.
    public var timeline: [ScenarioStep]
    /// What goes wrong, by time from the start of the timeline.
    public var faults: [ScenarioFault]
    /// What the result must be.
    public var expectations: [ScenarioExpectation]
    /// The structured workout the athlete rides, if any (`workout:`).
    public var plan: ScenarioPlan?
    /// The course the athlete follows, if any (`course:`); the route, unless one is given.
    public var course: Course?
    /// The file the scenario came from, for messages.
    public var file: String

    /// Describes a scenario in code.
    public init(name: String, activity: HKWorkoutActivityType, location: HKWorkoutSessionLocationType = .outdoor,
                start: Date, seed: UInt64 = 1, athlete: AthleteProfile? = nil, route: ScenarioRoute? = nil,
                sensors: ScenarioSensors = ScenarioSensors(), timeline: [ScenarioStep], faults: [ScenarioFault] = [],
                expectations: [ScenarioExpectation] = [], plan: ScenarioPlan? = nil, course: Course? = nil, file: String = "<scenario>") {
        self.name = name
        self.activity = activity
        self.location = location
        self.start = start
        self.seed = seed
        self.athlete = athlete
        self.route = route
        self.sensors = sensors
        self.timeline = timeline
        self.faults = faults
        self.expectations = expectations
        self.plan = plan
        self.course = course
        self.file = file
    }

    /// Whether the workout moves along a route in the world (GPS applies).
    package var isOutdoor: Bool { location != .indoor }
}

