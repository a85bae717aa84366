/// How an athlete's heart-rate zones are drawn: one choice, kept in the athlete
/// profile and stored with each workout, so every surface draws the same zones.
///
/// - ``percentOfMaximum`` (the default): zones 1–5 from 50, 60, 70, 80 and 90 %
///   of the maximum heart rate, as OpenTracks and most bike computers draw them.
/// - ``heartRateReserve``: the same fractions of the reserve above the resting
///   heart rate (Karvonen); needs a resting heart rate.
/// - ``lactateThreshold``: Coggan's heart-rate zones from the lactate-threshold
///   heart rate: zones 2–5 from 69, 84, 95 and 106 % of it (zone 1 from 50 %,
///   so that easy riding below zone 2 is told from not moving).
public enum HeartRateZoneModel: String, Sendable, Hashable, Codable, CaseIterable {
    /// Fractions of the maximum heart rate.
    case percentOfMaximum
    /// Fractions of the heart-rate reserve (Karvonen).
    case heartRateReserve
    /// Fractions of the lactate-threshold heart rate (Coggan).
    case lactateThreshold

    /// How the model is named to a person, as every surface says it.
    public var title: String {
        switch self {
        case .percentOfMaximum: "% of maximum heart rate"
        case .heartRateReserve: "% of heart-rate reserve"
        case .lactateThreshold: "% of lactate-threshold heart rate"
        }
    }

    /// The fractions of the model's reference that start zones 1 to 5.
    public var fractions: [Double] {
        switch self {
        case .percentOfMaximum, .heartRateReserve: [0.5, 0.6, 0.7, 0.8, 0.9]
        case .lactateThreshold: [0.5, 0.69, 0.84, 0.95, 1.06]
        }
    }
}

/// The zones a workout is drawn with, and how they were chosen: the one rule
/// `show`, the report and both servers use.
public struct HeartRateZoneChoice: Sendable, Hashable, Codable {
    /// The model the zones follow.
    public var model: HeartRateZoneModel
    /// Where the reference came from: `athlete` (the profile stored with the workout), `option` (given for
    /// this view) or `workout` (its own highest heart rate, when nothing else is known).
    public var basis: String
    /// The maximum heart rate, or the lactate-threshold heart rate for ``HeartRateZoneModel/lactateThreshold``.
    public var reference: Double
    /// The resting heart rate, for ``HeartRateZoneModel/heartRateReserve``.
    public var resting: Double?
    /// The zones.
    public var zones: HeartRateZones

    /// The choice for a workout: the athlete's model and figures when they allow it, `maximumHeartRate`
    /// when given (the `option` basis), else percentages of the workout's own highest heart rate.
    /// A model whose figure is missing (reserve without a resting heart rate, threshold without a
    /// threshold heart rate) falls back to percentages of the maximum. Nil without any maximum over 60 bpm.
    public init?(athlete: AthleteFigures?, maximumHeartRate option: Double? = nil, workoutMaximum: Double? = nil) {
        let (basis, maximum): (String, Double?) = option.map { ("option", $0) }
            ?? athlete?.maximumHeartRate.map { ("athlete", $0) } ?? ("workout", workoutMaximum)
        let wanted = athlete?.zoneModel ?? .percentOfMaximum
        if wanted == .lactateThreshold, option == nil, let threshold = athlete?.lactateThresholdHeartRate, threshold > 60 {
            self.init(model: .lactateThreshold, basis: "athlete", reference: threshold, resting: nil,
                      zones: HeartRateZones(lowerBounds: HeartRateZoneModel.lactateThreshold.fractions.map { $0 * threshold }))
            return
        }
        guard let maximum, maximum > 60 else { return nil }
        if wanted == .heartRateReserve, let resting = athlete?.restingHeartRate, resting < maximum - 20 {
            self.init(model: .heartRateReserve, basis: basis, reference: maximum, resting: resting, zones: HeartRateZones(maximum: maximum, resting: resting))
            return
        }
        self.init(model: .percentOfMaximum, basis: basis, reference: maximum, resting: nil, zones: HeartRateZones(maximum: maximum))
    }

    /// The choice for `profile`'s athlete, as the live dashboard and page draw it before any workout exists.
    public init?(profile: AthleteProfile) {
        self.init(athlete: AthleteFigures(profile: profile))
    }

    /// A choice made explicitly.
    public init(model: HeartRateZoneModel, basis: String, reference: Double, resting: Double?, zones: HeartRateZones) {
        self.model = model
        self.basis = basis
        self.reference = reference
        self.resting = resting
        self.zones = zones
    }

    /// One line saying which zones these are, as every surface prints it:
    /// "% of maximum heart rate (186 bpm, the athlete's)".
    public var description: String {
        let whose = switch basis {
        case "athlete": "the athlete's"
        case "option": "as given"
        default: "the workout's highest; give a profile for the athlete's"
        }
        let figures = model == .heartRateReserve ? "\(Int(reference.rounded())) bpm, resting \(Int((resting ?? 0).rounded()))" : "\(Int(reference.rounded())) bpm"
        return "\(model.title) (\(figures), \(whose))"
    }
}
