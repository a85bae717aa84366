public import HealthKitModel
import TrainingMetrics

extension Activity {
    /// The activity with its session stating the figures ``WorkoutFigures`` computes against `athlete`
    /// that a file's session carries: the top speed as the figures give it (the one stated unless it is a
    /// one-reading spike, else the records' sustained maximum, from their distance where they hold no speed),
    /// and the training figures
    /// (normalized power, TSS, IF, the threshold power used, and the work), so that an exported FIT file
    /// carries the numbers `show`, the report and the web app print.
    ///
    /// A multisport activity is left as it is: its legs' figures are not computed apart. Without
    /// power no training figure is stated; without a threshold power only NP and the work are.
    public func statingTraining(athlete: AthleteFigures?) -> Activity {
        var activity = completingSummaries()
        guard activity.sessions.count == 1 else { return self }
        let computed = WorkoutFigures(activity: self, athlete: athlete)
        var stated = false
        if let top = computed.maximumSpeed, top != activity.sessions[0].maximumSpeed {
            activity.sessions[0].maximumSpeed = top
            stated = true
        }
        if let metrics = computed.training, metrics.normalizedPower != nil || metrics.work != nil {
            activity.sessions[0].training = ActivityTrainingFigures(normalizedPower: metrics.normalizedPower, trainingStressScore: metrics.trainingStressScore,
                                                                    intensityFactor: metrics.intensityFactor,
                                                                    thresholdPower: metrics.trainingStressScore == nil ? nil : metrics.thresholds.functionalThresholdPower,
                                                                    work: metrics.work.map { $0 * 1000 })
            stated = true
        }
        return stated ? activity : self
    }
}
