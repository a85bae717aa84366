import Foundation
import TestSupport
import Testing
import TrainingMetrics

@Suite struct HeartRateVariabilityTests {
    @Test func aKnownListGivesItsFigures() throws {
        // Successive differences 20, −40, 10, 60: RMSSD = √((400 + 1600 + 100 + 3600) / 4).
        let hrv = try #require(HeartRateVariability(milliseconds: [800, 820, 780, 790, 850]))
        #expect(abs(hrv.rmssd - (5700.0 / 4).squareRoot()) < 1e-9)
        let mean = 808.0
        let variance = [800.0, 820, 780, 790, 850].reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / 4
        #expect(abs(hrv.sdnn - variance.squareRoot()) < 1e-9)
        #expect(hrv.pnn50 == 25)
        #expect(hrv.artefacts == 0)
    }

    @Test func aMissedBeatIsReplacedAndTheNextKept() {
        // 1600 ms is a missed beat (two intervals as one): it fails the 20 % check and is
        // interpolated; the 810 after it is kept unchecked.
        let cleaned = HeartRateVariability.cleaned([812, 790, 722, 712, 704, 800, 820, 1600, 810, 805])
        #expect(cleaned.artefacts == 1)
        #expect(cleaned.values == [812, 790, 722, 712, 704, 800, 820, 815, 810, 805])
    }

    @Test func outOfRangeIntervalsAndTheOneAfterAreArtefacts() {
        let cleaned = HeartRateVariability.cleaned([250, 800, 810, 2500, 820, 830, 840])
        // 250 is out of range; 800 cannot be checked against it, so it is an artefact and 810 is
        // kept unchecked. 2500 is out of range, so 820 after it is kept unchecked. The leading two
        // are dropped; 2500 is interpolated between 810 and 820.
        #expect(cleaned.artefacts == 3)
        #expect(cleaned.values == [810, 815, 820, 830, 840])
    }

    @Test func tooFewIntervalsHaveNoFigures() {
        #expect(HeartRateVariability(milliseconds: [800, 810]) == nil)
        #expect(HeartRateVariability(milliseconds: []) == nil)
    }
}

/// The figures against hrv-analysis 1.0.6 (PyPI): its outlier removal (300–2000 ms), Malik's
/// ectopic rule and linear interpolation, then its time-domain features.
@Suite(.serialized) struct HeartRateVariabilityOracleTests {
    static let program = """
    import json, sys, math
    import hrvanalysis as h
    rr = json.loads(sys.argv[1])
    clean = h.remove_outliers(rr, low_rri=300, high_rri=2000, verbose=False)
    clean = h.remove_ectopic_beats(clean, method="malik", verbose=False)
    clean = h.interpolate_nan_values(clean)
    while clean and math.isnan(clean[0]): clean.pop(0)
    f = h.get_time_domain_features(clean)
    print(json.dumps({"rmssd": float(f["rmssd"]), "sdnn": float(f["sdnn"]), "pnn50": float(f["pnni_50"]), "count": len(clean)}))
    """

    struct Figures: Decodable { var rmssd: Double; var sdnn: Double; var pnn50: Double; var count: Int }

    static func oracle(_ milliseconds: [Double]) throws -> Figures {
        let list = "[" + milliseconds.map { "\($0)" }.joined(separator: ",") + "]"
        let output = try ExternalTool.python(program, [list])
        try #require(output.status == 0, "\(output.standardError)")
        return try JSONDecoder().decode(Figures.self, from: Data(output.standardOutput.utf8))
    }

    static func check(_ milliseconds: [Double]) async throws {
        let ours = try #require(HeartRateVariability(milliseconds: milliseconds))
        let theirs = try await offThePool { try oracle(milliseconds) }
        #expect(HeartRateVariability.cleaned(milliseconds).values.count == theirs.count)
        #expect(abs(ours.rmssd - theirs.rmssd) < 1e-9 * theirs.rmssd)
        #expect(abs(ours.sdnn - theirs.sdnn) < 1e-9 * theirs.sdnn)
        #expect(abs(ours.pnn50 - theirs.pnn50) < 1e-9)
    }

    /// The RR intervals of real straps' notifications (Polar H7 and H10, Mio, Wahoo and others), in
    /// the order of `../shared/data/hrm-captures.csv`.
    @Test(.enabled(if: SharedData.isPresent, "needs ../shared/data"), .enabled(if: ExternalTool.pythonHas("hrvanalysis"), "needs hrv-analysis"))
    func realStrapIntervalsAgree() async throws {
        let text = try String(contentsOf: SharedData.file("hrm-captures.csv"), encoding: .utf8)
        var milliseconds: [Double] = []
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count > 4 else { continue }
            for value in fields[4].split(separator: ";") {
                if let ticks = Double(value) { milliseconds.append(ticks * 1000 / 1024) }
            }
        }
        try #require(milliseconds.count >= 10)
        try await Self.check(milliseconds)
    }

    /// An hour of beats with the strap's faults: missed beats (two intervals as one), extra beats
    /// (one split in two), and bursts of noise out of range.
    @Test(.enabled(if: ExternalTool.pythonHas("hrvanalysis"), "needs hrv-analysis"))
    func anHourWithArtefactsAgrees() async throws {
        var generator = SplitMix64(seed: 3)
        var milliseconds: [Double] = []
        var base = 820.0
        for beat in 0..<4000 {
            base += Double(Int(generator.next() % 21) - 10)
            base = min(1100, max(550, base))
            let roll = generator.next() % 100
            if roll == 0, beat > 0 {
                milliseconds.append(base * 2)
            } else if roll == 1, beat > 0 {
                milliseconds += [base * 0.45, base * 0.55]
            } else if roll == 2, beat > 0 {
                milliseconds.append(Double(generator.next() % 3000))
            } else {
                milliseconds.append(base + Double(Int(generator.next() % 61) - 30))
            }
        }
        milliseconds.append(base)
        let cleaned = HeartRateVariability.cleaned(milliseconds)
        #expect(cleaned.artefacts > 40)
        try await Self.check(milliseconds)
    }
}
