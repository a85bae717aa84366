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
        // 1600 ms is a missed beat (two intervals as one), in range: it differs from 820 by more than 20 %,
        // so it is ectopic and interpolated; the 810 after it is kept without being judged.
        let cleaned = HeartRateVariability.cleaned([812, 790, 722, 712, 704, 800, 820, 1600, 810, 805])
        #expect(cleaned.artefacts == 1)
        #expect(cleaned.values == [812, 790, 722, 712, 704, 800, 820, 815, 810, 805])
    }

    @Test func outliersAreInterpolatedBeforeEctopicBeatsAreJudged() {
        // 250 and 2500 are out of range: 250 takes the first interval in range (800), 2500 lies halfway between 810
        // and 820. The intervals around them are then judged against those values, and none is ectopic.
        let cleaned = HeartRateVariability.cleaned([250, 800, 810, 2500, 820, 830, 840])
        #expect(cleaned.artefacts == 2)
        #expect(cleaned.values == [800, 800, 810, 815, 820, 830, 840])
    }

    @Test func anEctopicBeatBesideAnOutlierIsJudgedOnTheInterpolatedValue() {
        // 1300 is ectopic after 800; 2500 is an outlier, interpolated to 1055 first, and kept unjudged after the
        // ectopic beat; 810 then differs from 1055 by more than 20 % and is ectopic too; 800 after it is kept.
        let cleaned = HeartRateVariability.cleaned([800, 1300, 2500, 810, 800, 805])
        #expect(cleaned.artefacts == 3)
        #expect(cleaned.values == [800, 927.5, 1055, 927.5, 800, 805])
    }

    @Test func tooFewIntervalsHaveNoFigures() {
        #expect(HeartRateVariability(milliseconds: [800, 810]) == nil)
        #expect(HeartRateVariability(milliseconds: []) == nil)
    }
}

/// The figures against hrv-analysis 1.0.6 (PyPI): its documented pipeline (`get_nn_intervals`: outliers
/// outside 300–2000 ms interpolated, then ectopic beats by Malik's rule interpolated), then its
/// time-domain features.
@Suite(.serialized) struct HeartRateVariabilityOracleTests {
    static let program = """
    import json, sys
    import hrvanalysis as h
    rr = json.loads(sys.argv[1])
    # The pipeline its documentation gives: outliers out, interpolated, ectopic beats out (Malik), interpolated.
    clean = h.get_nn_intervals(rr, low_rri=300, high_rri=2000, ectopic_beats_removal_method="malik", verbose=False)
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

    /// An hour of beats with the strap's faults, about 8 % of them: missed beats (two intervals as one, out of
    /// range at a slow rate), extra beats (one split in two), and noise out of range, as a strap slipping on a
    /// dry skin gives them.
    @Test(.enabled(if: ExternalTool.pythonHas("hrvanalysis"), "needs hrv-analysis"))
    func anHourWithManyArtefactsAgrees() async throws {
        var generator = SplitMix64(seed: 3)
        var milliseconds: [Double] = []
        var base = 820.0
        for beat in 0..<4400 {
            base += Double(Int(generator.next() % 21) - 10)
            base = min(1100, max(550, base))
            let roll = generator.next() % 100
            if roll < 3, beat > 0 {
                milliseconds.append(base * 2)
            } else if roll < 6, beat > 0 {
                milliseconds += [base * 0.45, base * 0.55]
            } else if roll < 8, beat > 0 {
                milliseconds.append(Double(generator.next() % 3000))
            } else {
                milliseconds.append(base + Double(Int(generator.next() % 61) - 30))
            }
        }
        milliseconds.append(base)
        let cleaned = HeartRateVariability.cleaned(milliseconds)
        #expect(Double(cleaned.artefacts) > 0.08 * Double(milliseconds.count), "\(cleaned.artefacts) of \(milliseconds.count)")
        try await Self.check(milliseconds)
    }
}
