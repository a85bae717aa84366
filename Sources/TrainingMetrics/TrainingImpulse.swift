import Foundation

/// Banister's training impulse (TRIMP): a ride's load from heart rate alone, for rides without power.
///
/// TRIMP = Σ minutes × HRr × a·e^(b·HRr), where HRr = (HR − resting) / (maximum − resting),
/// clamped to 0…1, over every second with a heart rate; a = 0.64, b = 1.92 for men and
/// a = 0.86, b = 1.67 for women (Banister 1991). An hour at a heart-rate reserve of 0.75 scores
/// about 126 for a man.
public enum TrainingImpulse {
    /// Which of Banister's weightings applies.
    public enum Weighting: String, Sendable, Codable, CaseIterable {
        /// a = 0.64, b = 1.92.
        case male
        /// a = 0.86, b = 1.67.
        case female

        var coefficients: (a: Double, b: Double) {
            switch self {
            case .male: (0.64, 1.92)
            case .female: (0.86, 1.67)
            }
        }
    }

    /// The TRIMP of `heartRate` (beats per minute, one value a second; zeros are seconds without a
    /// reading); nil when the reserve is not positive or no second has a reading.
    public static func of(heartRate: [Double], resting: Double, maximum: Double, weighting: Weighting = .male) -> Double? {
        let reserve = maximum - resting
        guard reserve > 0 else { return nil }
        let (a, b) = weighting.coefficients
        var total = 0.0, seconds = 0
        for beat in heartRate where beat > 0 {
            let share = min(1, max(0, (beat - resting) / reserve))
            total += share * a * exp(b * share)
            seconds += 1
        }
        return seconds == 0 ? nil : total / 60
    }
}
