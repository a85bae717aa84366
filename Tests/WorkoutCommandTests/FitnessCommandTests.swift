import Foundation
import TestSupport
import Testing

/// `workout athlete` and `workout fitness` on a real ride: the stress the chart adds up is the TSS
/// `show` prints (one computation), it follows the FTP in force on the ride's date, and a new
/// value computes it again once.
@Suite(.serialized, .timeLimit(.minutes(10))) struct FitnessCommandTests {
    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text.prefix(300))")
    }

    static func run(_ arguments: [String], store: String) async throws -> WorkoutProcess.Output {
        let output = try await offThePool { try WorkoutProcess.runBlocking(arguments + ["--store", store]) }
        try #require(output.status == 0, "workout \(arguments.joined(separator: " ")): \(output.stderr)")
        return output
    }

    /// A rider who imports a season and then sets an FTP without a date gets the imported rides' TSS: a setting's
    /// first value holds from the first workout; a date after some workouts says which it leaves out and how to reach them.
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real ride"))
    func aFirstValueWithoutADateCoversTheWorkoutsAlreadyStored() async throws {
        let store = Scratch.url("fitness", extension: "sqlite").path
        defer { try? FileManager.default.removeItem(atPath: store) }
        _ = try await Self.run(["import", SharedData.file("activity-files/gc__edge705-ride-hr-2009-09-19.tcx").path], store: store)
        let set = try await Self.run(["athlete", "set", "--ftp", "250"], store: store)
        #expect(set.stdout == "ftp 250 W from 2009-09-19T13:22:42Z (its first value: it covers the 1 workout stored before now; --from sets another date)\n",
                "\(set.stdout)")
        let shown = try Self.json(try await Self.run(["show", "last", "--json"], store: store).stdout)
        let training = try #require(shown["training"] as? [String: Any], "\(shown)")
        #expect(training["trainingStressScore"] as? Double != nil, "the ride has its TSS: \(training)")
        // A date after the ride, for a setting with no value yet: the ride is said to be left out.
        let later = try await Self.run(["athlete", "set", "--max-heart-rate", "200", "--from", "2010-01-01"], store: store)
        #expect(later.stdout.contains("1 workout before it has no max-heart-rate: `workout athlete set --max-heart-rate 200 --from 2009-09-19T13:22:42Z` covers them"),
                "\(later.stdout)")
    }

    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real ride"))
    func theChartAddsUpWhatShowPrintsAndFollowsTheAthletesFTP() async throws {
        let store = Scratch.url("fitness", extension: "sqlite").path
        defer { try? FileManager.default.removeItem(atPath: store) }
        _ = try await Self.run(["athlete", "set", "--ftp", "250", "--resting-heart-rate", "50", "--from", "2009-01-01"], store: store)
        _ = try await Self.run(["import", SharedData.file("activity-files/gc__edge705-ride-hr-2009-09-19.tcx").path], store: store)

        func showTSS() async throws -> Double {
            let shown = try Self.json(try await Self.run(["show", "last", "--json"], store: store).stdout)
            let training = try #require(shown["training"] as? [String: Any])
            return try #require(training["trainingStressScore"] as? Double)
        }
        func fitness() async throws -> [String: Any] {
            try Self.json(try await Self.run(["fitness", "--from", "2009-09-01", "--to", "2009-10-31", "--time-zone", "America/Boise", "--json"], store: store).stdout)
        }
        let tss = try await showTSS()
        var chart = try await fitness()
        #expect(chart["workouts"] as? Int == 1)
        #expect(chart["computedAgain"] as? Int == 0, "the import kept the stress")
        var days = try #require(chart["days"] as? [[String: Any]])
        // The chart starts on the ride's day (the zone's), with the stress show prints.
        #expect(days.first?["date"] as? String == "2009-09-19")
        #expect(days.first?["stress"] as? Double == tss)
        #expect(days.count == 43)
        let fitnessOnTheDay = try #require(days.first?["fitness"] as? Double)
        #expect(abs(fitnessOnTheDay - tss * (1 - exp(-1.0 / 42))) < 1e-9)
        let fit = try #require(chart["criticalPower"] as? [String: Any])
        #expect(abs((fit["criticalPower"] as? Double ?? 0) - 278.07) < 0.01)

        // A higher FTP from before the ride: TSS scales with 1/FTP², computed again once, then read.
        _ = try await Self.run(["athlete", "set", "--ftp", "280", "--from", "2009-09-10"], store: store)
        chart = try await fitness()
        #expect(chart["computedAgain"] as? Int == 1)
        days = try #require(chart["days"] as? [[String: Any]])
        let newStress = try #require(days.first?["stress"] as? Double)
        #expect(abs(newStress - tss * (250.0 / 280) * (250.0 / 280)) < 1e-6 * tss)
        #expect(try await showTSS() == newStress)
        chart = try await fitness()
        #expect(chart["computedAgain"] as? Int == 0)

        let listed = try await Self.run(["athlete", "list"], store: store).stdout
        #expect(listed.contains("2009-09-10T00:00:00Z  ftp") && listed.contains("280 W"), "\(listed)")
        let text = try await Self.run(["fitness", "--from", "2009-09-01", "--to", "2009-10-31", "--time-zone", "America/Boise"], store: store).stdout
        #expect(text.contains("critical power 278 W, W′ 9.4 kJ"), "\(text)")
    }

    /// A ride with heart rate and no power: its stress is the TRIMP, from the resting and maximum heart rate in
    /// force on its date; a new maximum computes it again once, as `show` does. Critical power and W′ on their
    /// dates give the lowest W′ balance of a ride with power; values nobody has are refused.
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real rides"))
    func heartRatesCriticalPowerAndWPrimeHoldFromTheirDates() async throws {
        let store = Scratch.url("fitness-hr", extension: "sqlite").path
        defer { try? FileManager.default.removeItem(atPath: store) }
        _ = try await Self.run(["athlete", "set", "--resting-heart-rate", "50", "--max-heart-rate", "195", "--from", "2019-01-01"], store: store)
        _ = try await Self.run(["import", SharedData.file("activity-files/gc__urbanbiker-ride-hr-2019-04-18.gpx").path], store: store)
        func showTraining() async throws -> [String: Any] {
            let shown = try Self.json(try await Self.run(["show", "last", "--json"], store: store).stdout)
            return try #require(shown["training"] as? [String: Any], "\(shown)")
        }
        func stress() async throws -> (Double, Int) {
            let chart = try Self.json(try await Self.run(["fitness", "--from", "2019-04-01", "--to", "2019-04-30", "--json"], store: store).stdout)
            let days = try #require(chart["days"] as? [[String: Any]])
            let total = days.compactMap { $0["stress"] as? Double }.reduce(0, +)
            return (total, try #require(chart["computedAgain"] as? Int))
        }
        let before = try #require(try await showTraining()["trainingImpulse"] as? Double)
        var (charted, computedAgain) = try await stress()
        #expect(charted == before && computedAgain == 0)

        // A lower maximum from before the ride: the same beats are a larger share of the reserve, so more load.
        _ = try await Self.run(["athlete", "set", "--max-heart-rate", "175", "--from", "2019-04-01"], store: store)
        let after = try #require(try await showTraining()["trainingImpulse"] as? Double)
        #expect(after > before * 1.1, "TRIMP \(before) with 195 bpm, \(after) with 175 bpm")
        (charted, computedAgain) = try await stress()
        #expect(charted == after && computedAgain == 1)
        // A value from after the ride changes nothing for it.
        _ = try await Self.run(["athlete", "set", "--max-heart-rate", "160", "--from", "2019-05-01"], store: store)
        #expect(try await showTraining()["trainingImpulse"] as? Double == after)

        // Critical power and W′ on the power ride's date give its lowest W′ balance: less W′ leaves less.
        _ = try await Self.run(["import", SharedData.file("activity-files/gc__edge705-ride-hr-2009-09-19.tcx").path], store: store)
        _ = try await Self.run(["athlete", "set", "--cp", "278", "--w-prime", "20", "--from", "2009-01-01"], store: store)
        let roomy = try #require(try await showTraining()["lowestWPrimeBalance"] as? Double)
        _ = try await Self.run(["athlete", "set", "--w-prime", "12", "--from", "2009-09-01"], store: store)
        let tight = try #require(try await showTraining()["lowestWPrimeBalance"] as? Double)
        #expect(roomy > tight && roomy <= 20_000 && tight <= 12_000, "lowest W′ balance \(roomy) J of 20 kJ, \(tight) J of 12 kJ")
        let listed = try await Self.run(["athlete", "list", "--json"], store: store).stdout
        let kept = try Self.json(listed)
        #expect((kept["max-heart-rate"] as? [Any])?.count == 3 && (kept["w-prime"] as? [Any])?.count == 2 && (kept["cp"] as? [Any])?.count == 1, "\(listed)")

        let refused = try await WorkoutProcess.run(["athlete", "set", "--max-heart-rate", "300", "--store", store])
        #expect(refused.status != 0 && refused.stderr.contains("--max-heart-rate must be between 100 and 240 bpm"), "\(refused.stderr)")
        let backwards = try await WorkoutProcess.run(["athlete", "set", "--max-heart-rate", "105", "--resting-heart-rate", "110", "--store", store])
        #expect(backwards.status != 0 && backwards.stderr.contains("must be below --max-heart-rate"), "\(backwards.stderr)")
    }
}
