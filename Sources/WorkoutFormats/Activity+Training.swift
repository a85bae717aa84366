public import HealthKitModel
import TrainingMetrics

extension Activity {
    /// The activity with its session stating the training figures ``WorkoutFigures`` computes
    /// against `athlete` (normalized power, TSS, IF, the threshold power used, and the work), so
    /// that an exported FIT file carries the numbers `show`, the report and the web app print.
    ///
    /// A multisport activity is left as it is: its legs' figures are not computed apart. Without
    /// power nothing is stated; without a threshold power only NP and the work are.
    public func statingTraining(athlete: AthleteFigures?) -> Activity {
        var activity = completingSummaries()
        guard activity.sessions.count == 1, let metrics = WorkoutFigures(activity: self, athlete: athlete).training,
              metrics.normalizedPower != nil || metrics.work != nil else { return self }
        let figures = ActivityTrainingFigures(normalizedPower: metrics.normalizedPower, trainingStressScore: metrics.trainingStressScore,
                                              intensityFactor: metrics.intensityFactor,
                                              thresholdPower: metrics.trainingStressScore == nil ? nil : metrics.thresholds.functionalThresholdPower,
                                              work: metrics.work.map { $0 * 1000 })
        activity.sessions[0].training = figures
        return activity
    }
}
