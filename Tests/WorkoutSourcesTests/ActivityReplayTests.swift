import Foundation
import OpenHealthKit
import TestSupport
import Testing
import WorkoutFormats
import WorkoutLibrary
import WorkoutSources

@Suite(.timeLimit(.minutes(10))) struct ActivityReplayTests {
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real FIT run"))
    func aRealRunReplaysThroughTheLiveBuilder() async throws {
        let activity = try ActivityFile.read(SharedData.file("activity-files/fitparse__fenix2-run.fit"))
        let url = Scratch.url("replay", extension: "sqlite")
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try await ActivityReplay(activity: activity, name: "fenix2-run.fit").replay(in: HKHealthStore(location: .file(url.path)))
        #expect(result.state == "ended")
        #expect(result.errors.isEmpty)
        #expect(result.activityType == "running")
        #expect(result.start == activity.startDate)
        // The file's distance (the fenix's own, 9,008.22 m) is the ground truth, and the live builder's: it counts the
        // file's distance stream, as import does.
        #expect(abs(result.groundTruth.distanceMeters - 9008.22) < 0.01)
        #expect(abs(result.totalDistanceMeters - 9008.22) < 0.5)
        #expect(abs(result.elapsed - activity.sessions[0].timerTime) < 2)
        // Every lap of the file, with its own totals, as import keeps them.
        #expect(result.events.filter { $0.type == "lap" }.count == activity.laps.count)
        #expect(result.heartRate != nil)
    }

    /// A real file replays as it imports: the live builder's last figures, and the workout the replay saves, are the
    /// imported workout's — its sport, the file's own distance, active time, pauses (automatic ones too), laps with the
    /// file's totals, and every heart-rate record, those during pauses too.
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real activity files"),
          arguments: ["fitparse__fenix2-run.fit", "fitparse__garmin-edge-500-ride.fit", "gc__edge705-ride-hr-2009-09-19.tcx",
                      "gc__urbanbiker-ride-hr-2019-04-18.gpx"])
    func aRealFileReplaysAsItImports(_ name: String) async throws {
        // The sport settled as `workout import` and `workout replay` settle it (the GPX names none: its speed says cycling).
        let activity = try ActivityFile.read(SharedData.file("activity-files/\(name)")).namingSport(nil, by: "--activity").activity
        let folder = Scratch.url("replay-as-import")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let replayStore = HKHealthStore(location: .file(folder.appendingPathComponent("replayed.sqlite").path))
        let importStore = HKHealthStore(location: .file(folder.appendingPathComponent("imported.sqlite").path))
        let result = try await ActivityReplay(activity: activity, name: name).replay(in: replayStore)
        let imported = try await ActivityImporter(store: importStore).importActivity(activity, from: name)
        let replayed = try #require(try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: []).result(for: replayStore).first)

        #expect(replayed.workoutActivityType == imported.workoutActivityType && result.activityType == imported.workoutActivityType.name)
        let distanceType = HKQuantityType(HKWorkout.distanceType(for: imported.workoutActivityType))
        func metres(_ workout: HKWorkout) -> Double { workout.statistics(for: distanceType)?.sumQuantity()?.doubleValue(for: .meter()) ?? -1 }
        #expect(abs(metres(imported) - (activity.sessions.compactMap(\.distance).reduce(0, +))) < 0.5, "the import keeps the file's distance")
        #expect(abs(result.totalDistanceMeters - metres(imported)) < 0.5, "live \(result.totalDistanceMeters) m, imported \(metres(imported)) m")
        #expect(abs(metres(replayed) - metres(imported)) < 0.5, "replayed \(metres(replayed)) m, imported \(metres(imported)) m")
        #expect(abs(replayed.duration - imported.duration) < 1, "active \(replayed.duration) s, imported \(imported.duration) s")
        #expect(abs(result.elapsed - imported.duration) < 1)
        // The file's calories are its energy on replay as on import; a file that states none (the GPX) gets one estimate
        // from its power on both.
        func kilocalories(_ workout: HKWorkout) -> Double? { workout.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?.doubleValue(for: .kilocalorie()) }
        let stated = try #require(kilocalories(imported), "every shared file has calories or power")
        #expect(abs((kilocalories(replayed) ?? -1) - stated) < 0.5 && abs(result.totalEnergyKilocalories - stated) < 0.5,
                "energy replayed \(kilocalories(replayed) ?? -1), live \(result.totalEnergyKilocalories), imported \(stated) kcal")
        if !activity.sessions.contains(where: { $0.calories != nil }) && !activity.laps.contains(where: { $0.calories != nil }) {
            // Power's work at 24 % efficiency, gaps over 10 s not bridged: 180 W over most of 1:03:54, about 680 kcal.
            #expect(abs(stated - 678) < 1, "the GPX's estimate: \(stated) kcal")
        }
        func count(_ type: HKWorkoutEventType, _ workout: HKWorkout) -> Int { (workout.workoutEvents ?? []).count { $0.type == type } }
        for type in [HKWorkoutEventType.pause, .resume, .motionPaused, .motionResumed, .lap, .marker] {
            #expect(count(type, replayed) == count(type, imported), "\(type.rawValue): replayed \(count(type, replayed)), imported \(count(type, imported))")
        }
        func laps(_ workout: HKWorkout) -> [DateInterval] { (workout.workoutEvents ?? []).filter { $0.type == .lap }.map(\.dateInterval).sorted { $0.start < $1.start } }
        #expect(laps(replayed).count == laps(imported).count && zip(laps(replayed), laps(imported)).allSatisfy {
            abs($0.start.timeIntervalSince($1.start)) < 0.001 && abs($0.end.timeIntervalSince($1.end)) < 0.001
        }, "replayed laps \(laps(replayed)), imported \(laps(imported))")
        // Each store holds one workout: all its heart-rate samples are the workout's.
        // Each value, whether stored one a sample (import) or in a live workout's series (replay), in time order.
        func heartRates(_ store: HKHealthStore) async throws -> [Double] {
            var values: [(Date, Double)] = []
            for try await result in HKQuantitySeriesSampleQueryDescriptor(predicate: .quantitySample(type: HKQuantityType(.heartRate))).results(for: store) {
                values.append((result.dateInterval.start, result.quantity.doubleValue(for: HKUnit(from: "count/min"))))
            }
            return values.sorted { $0.0 < $1.0 }.map(\.1)
        }
        let importedHeartRates = try await heartRates(importStore)
        #expect(importedHeartRates.count == activity.records.count { ($0.heartRate ?? 0) > 0 })
        let replayedHeartRates = try await heartRates(replayStore)
        #expect(replayedHeartRates == importedHeartRates, "\(replayedHeartRates.count) replayed, \(importedHeartRates.count) imported; first \(replayedHeartRates.prefix(5)) and \(importedHeartRates.prefix(5))")
    }

    @Test func pausesAndMultisportLegsDriveTheSession() async throws {
        var activity = Activity()
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        for second in 0..<240 where !(100..<130).contains(second) {
            let sport = second < 120 ? 0.0 : 1.0
            activity.records.append(ActivityRecord(date: start.addingTimeInterval(Double(second)), latitude: 48 + Double(second) * 4e-5 + sport * 1e-6, longitude: 11,
                                                   heartRate: 130, speed: 4.4))
        }
        activity.timerEvents = [ActivityTimerEvent(.start, at: start), ActivityTimerEvent(.stop, at: start.addingTimeInterval(99)),
                                ActivityTimerEvent(.start, at: start.addingTimeInterval(130))]
        activity.sessions = [ActivitySummary(sport: .cycling, start: start, elapsedTime: 120, timerTime: 89),
                             ActivitySummary(sport: .running, start: start.addingTimeInterval(120), elapsedTime: 119)]
        let result = try await ActivityReplay(activity: activity, name: "brick").replay(in: HKHealthStore(location: .inMemory))
        #expect(result.errors.isEmpty)
        #expect(result.activityType == "swimBikeRun")
        #expect(result.events.map(\.type).filter { $0 == "pause" || $0 == "resume" } == ["pause", "resume"])
        #expect(result.activities.map(\.type) == ["cycling", "running"])
        #expect(abs(result.elapsed - (239 - 31)) < 1.5)
    }
}
