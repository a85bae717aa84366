/// The training figures a FIT `session` message states: normalized power, training stress
/// score, intensity factor, the threshold power they were computed against, and the work done.
///
/// A device writes its own; an export writes ours (``Activity/statingTraining(athlete:)``), the
/// same ``WorkoutFigures/training`` that `show`, the report and the web app print.
public struct ActivityTrainingFigures: Sendable, Equatable, Codable {
    /// Normalized power, in watts (FIT session field 34).
    public var normalizedPower: Double?
    /// Training stress score (field 35, in tenths).
    public var trainingStressScore: Double?
    /// Intensity factor (field 36, in thousandths).
    public var intensityFactor: Double?
    /// The threshold power they were computed against, in watts (field 45).
    public var thresholdPower: Double?
    /// Work done, in joules (field 48).
    public var work: Double?

    /// Figures with these values.
    public init(normalizedPower: Double? = nil, trainingStressScore: Double? = nil, intensityFactor: Double? = nil,
                thresholdPower: Double? = nil, work: Double? = nil) {
        self.normalizedPower = normalizedPower
        self.trainingStressScore = trainingStressScore
        self.intensityFactor = intensityFactor
        self.thresholdPower = thresholdPower
        self.work = work
    }

    /// Whether no figure is stated.
    public var isEmpty: Bool { self == ActivityTrainingFigures() }
}
