import Foundation
import OpenHealthKit
import TestSupport
import Testing
import WorkoutFormats
import WorkoutLibrary
import WorkoutCatalog

@Suite(.timeLimit(.minutes(10))) struct WorkoutEditTests {
    static let gpx = "activity-files/gc__urbanbiker-ride-hr-2019-04-18.gpx"

    /// The Urban Biker ride (a GPX track named by its app, with no sport: cycling is guessed) imported with its file kept.
    static func importedRide() async throws -> (HKHealthStore, HKWorkout, URL) {
        let url = Scratch.url("edit", extension: "sqlite")
        let store = HKHealthStore(location: .file(url.path))
        let file = SharedData.file(gpx)
        let workout = try await ActivityImporter(store: store).importActivity(try ActivityFile.read(file).namingSport(nil, by: "--activity").activity, from: file.path,
                                                                               original: try Data(contentsOf: file))
        return (store, workout, url)
    }

    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real GPX ride"))
    func aGPXTracksNameIsTheWorkoutsTitleAndATitleChangesInPlace() async throws {
        let (store, workout, url) = try await Self.importedRide()
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(WorkoutSummary(workout).name?.hasPrefix("Rose X-Lite CRS Force") == true)
        let before = try await HKAnchoredObjectQueryDescriptor(predicates: [.workout()], anchor: nil).result(for: store)

        let renamed = try await store.edit(workout, WorkoutEdit(name: "  Coast\tloop ", notes: "Felt good.\r\nWindy at the top."))
        #expect(renamed.uuid == workout.uuid)
        #expect(WorkoutSummary(renamed).name == "Coast loop")
        #expect(renamed.metadata?[OpenHealthKitMetadataKeyWorkoutNotes] as? String == "Felt good.\nWindy at the top.")
        #expect(renamed.metadata?[ActivityImporter.importedFileKey] as? String == "gc__urbanbiker-ride-hr-2019-04-18.gpx", "other metadata stays")
        let distance = HKQuantityType(.distanceCycling)
        #expect(renamed.duration == workout.duration)
        #expect(renamed.statistics(for: distance)?.sumQuantity()?.doubleValue(for: .meter()) == workout.statistics(for: distance)?.sumQuantity()?.doubleValue(for: .meter()))
        // An anchored query sees the workout again, as it sees one saved again.
        let after = try await HKAnchoredObjectQueryDescriptor(predicates: [.workout()], anchor: before.newAnchor).result(for: store)
        #expect(after.addedSamples.map(\.uuid) == [workout.uuid] && after.deletedObjects.isEmpty)
        // The title and notes leave with it.
        let exported = try await Activity(workout: renamed, in: store)
        let gpx = String(decoding: try ActivityFile.data(exported, as: .gpx, timeZone: .gmt), as: UTF8.self)
        #expect(gpx.contains("<name>Coast loop</name>") && gpx.contains("<desc>Felt good.\nWindy at the top.</desc>"))
        #expect(try ActivityFile.read(Data(gpx.utf8), format: .gpx, path: "x.gpx").name == "Coast loop")

        let cleared = try await store.edit(renamed, WorkoutEdit(name: "", notes: ""))
        #expect(cleared.metadata?[OpenHealthKitMetadataKeyWorkoutName] == nil && cleared.metadata?[OpenHealthKitMetadataKeyWorkoutNotes] == nil)
    }

    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real GPX ride"))
    func aNewSportStoresTheWorkoutAgainWithEverythingItHad() async throws {
        let (store, workout, url) = try await Self.importedRide()
        defer { try? FileManager.default.removeItem(at: url) }
        let ride = try await Activity(workout: workout, in: store)
        // A workout's statistics are read from the store, which will no longer hold this one: take them now.
        let rideDistance = try #require(workout.statistics(for: HKQuantityType(.distanceCycling))?.sumQuantity()?.doubleValue(for: .meter()))
        let rideHeartRate = try #require(workout.statistics(for: HKQuantityType(.heartRate))?.averageQuantity()?.doubleValue(for: .count().unitDivided(by: .minute())))
        let run = try await store.edit(workout, WorkoutEdit(name: "Not a ride", sport: .running))
        #expect(run.uuid != workout.uuid)
        #expect(run.workoutActivityType == .running)
        let meters = { (workout: HKWorkout, type: HKQuantityTypeIdentifier) in
            workout.statistics(for: HKQuantityType(type))?.sumQuantity()?.doubleValue(for: .meter())
        }
        #expect(meters(run, .distanceCycling) == nil)
        // The distance between records, as stored again: within 2 m of 21.14 km (the displayed precision is 10 m).
        #expect(abs((meters(run, .distanceWalkingRunning) ?? 0) - rideDistance) < 2)
        #expect(abs(run.duration - workout.duration) < 0.001)
        let heartRate = { (workout: HKWorkout) in
            workout.statistics(for: HKQuantityType(.heartRate))?.averageQuantity()?.doubleValue(for: .count().unitDivided(by: .minute()))
        }
        #expect(abs((heartRate(run) ?? 0) - rideHeartRate) < 0.01)
        // Cadence is the run's steps now; the records and the route are all there.
        let steps = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: HKQuantityType(.stepCount), predicate: HKQuery.predicateForObjects(from: run))],
                                                      sortDescriptors: []).result(for: store)
        #expect(steps.count > 1_000)
        let again = try await Activity(workout: run, in: store)
        #expect(again.records.count == ride.records.count)
        #expect(again.records.filter(\.hasPosition).count == ride.records.filter(\.hasPosition).count)
        #expect(again.pauses == ride.pauses)
        #expect(WorkoutSummary(run).name == "Not a ride")
        #expect(run.metadata?[ActivityImporter.importedFileKey] as? String == "gc__urbanbiker-ride-hr-2019-04-18.gpx")
        #expect(run.device == workout.device)
        #expect(try await store.originalFile(of: run)?.data == (try Data(contentsOf: SharedData.file(Self.gpx))))
        // The old workout is gone, with its samples.
        let workouts = try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: []).result(for: store)
        #expect(workouts.map(\.uuid) == [run.uuid])
        let cyclingDistance = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: HKQuantityType(.distanceCycling))], sortDescriptors: []).result(for: store)
        #expect(cyclingDistance.isEmpty)
    }

    @Test func aMultisportWorkoutKeepsItsLegsSports() async throws {
        let store = HKHealthStore(location: .inMemory)
        let workout = try await ActivityImporter(store: store).importActivity(FITActivityWriterTests.sampleActivity(sessions: [.cycling, .running]), from: "brick.fit")
        let error = await #expect(throws: WorkoutEditError.self) { try await store.edit(workout, WorkoutEdit(sport: .running)) }
        #expect(error?.description.contains("multisport workout of 2 legs") == true)
        // Its title still changes.
        #expect(WorkoutSummary(try await store.edit(workout, WorkoutEdit(name: "Brick"))).name == "Brick")
    }

    @Test func titlesAndNotesAreCleanedAndBounded() {
        #expect(WorkoutText.name(" a\u{0}b\n  c ") == "ab c")
        #expect(WorkoutText.name("   ") == nil)
        #expect(WorkoutText.name(String(repeating: "x", count: 500))?.count == WorkoutText.maximumNameLength)
        #expect(WorkoutText.notes("one\r\ntwo\u{7}") == "one\ntwo")
        #expect(WorkoutText.notes(String(repeating: "y", count: 20_000))?.count == WorkoutText.maximumNotesLength)
    }
}
