import Foundation

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

    /// The figures as kept with a workout (``OpenHealthKitMetadataKeyStatedTraining``): `np=195 tss=92.9 if=0.847
    /// ftp=230 work=650000`, the stated ones only.
    public var metadataValue: String {
        [("np", normalizedPower), ("tss", trainingStressScore), ("if", intensityFactor), ("ftp", thresholdPower), ("work", work)]
            .compactMap { key, value in value.map { "\(key)=\($0)" } }.joined(separator: " ")
    }

    /// The figures `text` keeps (``metadataValue``); nil when a part does not read, or none is stated.
    public init?(metadataValue text: String) {
        self.init()
        for part in text.split(separator: " ") {
            let pair = part.split(separator: "=", omittingEmptySubsequences: false)
            guard pair.count == 2, let value = Double(pair[1]), value.isFinite, value >= 0, value < 1e12 else { return nil }
            switch pair[0] {
            case "np": normalizedPower = value
            case "tss": trainingStressScore = value
            case "if": intensityFactor = value
            case "ftp": thresholdPower = value
            case "work": work = value
            default: return nil
            }
        }
        if isEmpty { return nil }
    }

    /// The figures as a person reads them beside ours: "NP 195 W · IF 0.85 · TSS 92.9 · FTP 230 W".
    public var text: String {
        var parts: [String] = []
        if let value = normalizedPower { parts.append("NP \(Int(value.rounded())) W") }
        if let value = intensityFactor { parts.append(String(format: "IF %.2f", value)) }
        if let value = trainingStressScore { parts.append(String(format: "TSS %.1f", value)) }
        if let value = work { parts.append("\(Int((value / 1_000).rounded())) kJ") }
        if let value = thresholdPower { parts.append("FTP \(Int(value.rounded())) W") }
        return parts.joined(separator: " · ")
    }
}
