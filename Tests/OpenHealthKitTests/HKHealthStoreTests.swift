import Foundation
import Testing
import OpenHealthKit

@Suite(.timeLimit(.minutes(10))) struct HKHealthStoreTests {
    @Test func createsTheDatabaseWithOwnerOnlyPermissions() async throws {
        let (store, path) = try await makeAuthorizedStore([heartRate])
        try await store.save(heartRateSample(70, at: 0))
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode & 0o777 == 0o600)
        let folderMode = try #require(try FileManager.default.attributesOfItem(atPath: (path as NSString).deletingLastPathComponent)[.posixPermissions] as? Int)
        #expect(folderMode & 0o777 == 0o700)
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            let sidecar = try #require(try FileManager.default.attributesOfItem(atPath: path + suffix)[.posixPermissions] as? Int)
            #expect(sidecar & 0o077 == 0, "\(suffix) is readable by others")
        }
    }

    @Test func metadataChangesInPlaceOnlyForTheAppThatSavedTheObject() async throws {
        let (store, path) = try await makeAuthorizedStore([heartRate])
        let sample = HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 70), start: at(0), end: at(0),
                                      metadata: ["keep": "yes", "drop": 1])
        try await store.save(sample)
        let changed = try await store.updateMetadata(of: sample, setting: ["added": 2.5], removing: ["drop"])
        #expect(changed.uuid == sample.uuid && changed.quantity == sample.quantity)
        #expect(changed.metadata?["keep"] as? String == "yes" && changed.metadata?["added"] as? Double == 2.5 && changed.metadata?["drop"] == nil)

        let other = HKHealthStore(location: .file(path), source: HKSource(name: "Other", bundleIdentifier: "org.example.other"))
        try await other.requestAuthorization(toShare: [heartRate], read: [heartRate])
        let denied = await #expect(throws: HKError.self) { try await other.updateMetadata(of: sample, setting: ["x": 1]) }
        #expect(denied?.code == .errorAuthorizationDenied)
        let unsaved = await #expect(throws: HKError.self) { try await store.updateMetadata(of: heartRateSample(80, at: 5), setting: ["x": 1]) }
        #expect(unsaved?.code == .errorInvalidArgument)
        let unstorable = await #expect(throws: HKError.self) { try await store.updateMetadata(of: sample, setting: ["x": [1, 2]]) }
        #expect(unstorable?.code == .errorInvalidArgument)
    }

    @Test func locationComesFromTheEnvironment() {
        #expect(StoreLocation.fromEnvironment(["OPENHEALTHKIT_STORE": ":memory:"]) == .inMemory)
        #expect(StoreLocation.fromEnvironment(["OPENHEALTHKIT_STORE": "/tmp/x.sqlite"]) == .file("/tmp/x.sqlite"))
        #expect(StoreLocation.fromEnvironment(["XDG_DATA_HOME": "/data", "HOME": "/home/a"]) == .file("/data/openhealthkit/health.sqlite"))
        #expect(StoreLocation.fromEnvironment(["HOME": "/home/a"]) == .file("/home/a/.local/share/openhealthkit/health.sqlite"))
    }

    /// One unit object shared by two types whose canonical units differ
    /// (count/min is cadence's, heart rate's is count/s) converts into each
    /// type's own: a FIT import once stored heart rate 60 times too large
    /// when a cadence sample came first in its batch.
    @Test func oneUnitSharedByTwoTypesInOneBatchConvertsForEach() async throws {
        let cadence = HKQuantityType(.cyclingCadence)
        let (store, _) = try await makeAuthorizedStore([heartRate, cadence])
        let perMinute = HKUnit.count().unitDivided(by: .minute())
        let samples = (0..<4).flatMap { second in
            [HKQuantitySample(type: cadence, quantity: HKQuantity(unit: perMinute, doubleValue: 90), start: at(Double(second)), end: at(Double(second))),
             HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: perMinute, doubleValue: 150), start: at(Double(second)), end: at(Double(second)))]
        }
        try await store.save(samples)
        for (type, value) in [(heartRate, 150.0), (cadence, 90.0)] {
            let read = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: type)], sortDescriptors: []).result(for: store)
            #expect(read.count == 4)
            #expect(read.allSatisfy { abs($0.quantity.doubleValue(for: perMinute) - value) < 1e-9 }, "\(type.identifier)")
            let statistics = try await HKStatisticsQueryDescriptor(predicate: .quantitySample(type: type), options: .discreteMax).result(for: store)
            #expect(abs((statistics?.maximumQuantity()?.doubleValue(for: perMinute) ?? 0) - value) < 1e-9, "\(type.identifier)")
        }
    }

    /// Both write paths, a plain quantity (bound directly) and one with metadata
    /// (through the codec), refuse an object already saved, and the store keeps one.
    @Test(arguments: [false, true])
    func savingAnObjectTwiceIsRefusedByItsIdentifier(withMetadata: Bool) async throws {
        let (store, _) = try await makeAuthorizedStore([heartRate])
        let sample = HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 120), start: at(0), end: at(0),
                                      metadata: withMetadata ? ["note": "again"] : nil)
        try await store.save(sample)
        let error = try await #require(throws: HKError.self) { try await store.save(sample) }
        #expect(error.code == .errorInvalidArgument)
        #expect(error.localizedDescription.contains(sample.uuid.uuidString))
        let read = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: heartRate)], sortDescriptors: []).result(for: store)
        #expect(read.count == 1)
    }

    @Test func savedSamplesReadBackInTheirOwnUnit() async throws {
        let (store, _) = try await makeAuthorizedStore([heartRate])
        let device = HKDevice(name: "H10", manufacturer: "Polar", model: "H10", hardwareVersion: nil, firmwareVersion: "5.0",
                              softwareVersion: nil, localIdentifier: "/dev/ttyUSB0", udiDeviceIdentifier: nil)
        let sample = HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 142), start: at(0), end: at(0),
                                      device: device, metadata: [HKMetadataKeyHeartRateSensorLocation: 1, "note": "tempo"])
        try await store.save(sample)
        let read = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: heartRate)], sortDescriptors: []).result(for: store)
        let only = try #require(read.first)
        #expect(read.count == 1)
        #expect(only.uuid == sample.uuid)
        #expect(only.quantity.unit == bpm)
        #expect(only.quantity.doubleValue(for: bpm) == 142)
        #expect(only.device == device)
        #expect(only.metadata?["note"] as? String == "tempo")
        #expect(only.metadata?[HKMetadataKeyHeartRateSensorLocation] as? Int == 1)
        #expect(only.sourceRevision.source == store.source)
        #expect(only is HKDiscreteQuantitySample)
    }

    @Test func aBatchIsAtomic() async throws {
        let (store, _) = try await makeAuthorizedStore([heartRate])
        let good = heartRateSample(60, at: 0)
        try await store.save(good)
        // The second batch repeats an already-saved object: none of it may land.
        await #expect(throws: HKError.self) {
            try await store.save([heartRateSample(61, at: 1), good, heartRateSample(62, at: 2)])
        }
        let all = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: heartRate)], sortDescriptors: []).result(for: store)
        #expect(all.map { $0.quantity.doubleValue(for: bpm) } == [60])
    }

    @Test func saveRepeatsCreationChecksWithCodeThree() async throws {
        let (store, _) = try await makeAuthorizedStore([HKQuantityType(.insulinDelivery)])
        let missingMetadata = try HKQuantitySample(validating: HKQuantityType(.insulinDelivery),
                                                   quantity: HKQuantity(unit: .internationalUnit(), doubleValue: 2), start: at(0), end: at(0),
                                                   metadata: [HKMetadataKeyInsulinDeliveryReason: 1])
        try await store.save(missingMetadata)
        #expect(throws: HKError.self) {
            _ = try HKQuantitySample(validating: HKQuantityType(.insulinDelivery), quantity: HKQuantity(unit: .internationalUnit(), doubleValue: 2),
                                     start: at(0), end: at(0))
        }
    }

    @Test func savingWithoutAskingIsNotDetermined() async throws {
        let (store, _) = makeTemporaryStore()
        #expect(store.authorizationStatus(for: heartRate) == .notDetermined)
        do {
            try await store.save(heartRateSample(70, at: 0))
            Issue.record("save succeeded without authorization")
        } catch HKError.errorAuthorizationNotDetermined {
        }
    }

    @Test func deniedSharingFailsAndDeniedReadingShowsOnlyOwnSamples() async throws {
        let (other, path) = try await makeAuthorizedStore([heartRate], source: HKSource(name: "Other", bundleIdentifier: "com.example.other"))
        try await other.save(heartRateSample(50, at: 0))

        let app = HKHealthStore(location: .file(path), source: HKSource(name: "App", bundleIdentifier: "com.example.app"))
        app.authorizationPolicy = HKAuthorizationPolicy(denyingSharing: [stepCount], denyingReading: [heartRate])
        try await app.requestAuthorization(toShare: [heartRate, stepCount], read: [heartRate])
        #expect(app.authorizationStatus(for: stepCount) == .sharingDenied)
        #expect(app.authorizationStatus(for: heartRate) == .sharingAuthorized)
        do {
            try await app.save(steps(10, from: 0, to: 60))
            Issue.record("a denied share was saved")
        } catch HKError.errorAuthorizationDenied {
        }
        try await app.save(heartRateSample(80, at: 1))
        let seen = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: heartRate)], sortDescriptors: []).result(for: app)
        #expect(seen.map { $0.quantity.doubleValue(for: bpm) } == [80])
        let seenByOther = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: heartRate)], sortDescriptors: []).result(for: other)
        #expect(seenByOther.count == 2)
    }

    @Test func requestStatusTracksWhatWasAsked() async throws {
        let (store, _) = makeTemporaryStore()
        #expect(try await store.statusForAuthorizationRequest(toShare: [heartRate], read: []) == .shouldRequest)
        try await store.requestAuthorization(toShare: [heartRate], read: [stepCount])
        #expect(try await store.statusForAuthorizationRequest(toShare: [heartRate], read: [stepCount]) == .unnecessary)
        #expect(try await store.statusForAuthorizationRequest(toShare: [heartRate], read: [heartRate]) == .shouldRequest)
        await #expect(throws: HKError.self) { try await store.requestAuthorization(toShare: [], read: []) }
    }

    @Test func deleteOnlyOwnObjectsAndByPredicate() async throws {
        let (other, path) = try await makeAuthorizedStore([stepCount], source: HKSource(name: "Other", bundleIdentifier: "com.example.other"))
        let foreign = steps(5, from: 0, to: 10)
        try await other.save(foreign)
        let app = HKHealthStore(location: .file(path), source: HKSource(name: "App", bundleIdentifier: "com.example.app"))
        try await app.requestAuthorization(toShare: [stepCount], read: [stepCount])
        try await app.save([steps(1, from: 0, to: 10), steps(2, from: 100, to: 110), steps(3, from: 200, to: 210)])
        do {
            try await app.delete(foreign)
            Issue.record("deleted another app's object")
        } catch HKError.errorAuthorizationDenied {
        }
        let deleted = try await app.deleteObjects(of: stepCount, predicate: HKQuery.predicateForSamples(withStart: at(50), end: at(300)))
        #expect(deleted == 2)
        let left = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: stepCount)], sortDescriptors: []).result(for: app)
        #expect(left.map { $0.quantity.doubleValue(for: .count()) }.sorted() == [1, 5])
    }

    @Test func correlationsSaveAndDeleteTheirMembers() async throws {
        let systolic = HKQuantityType(.bloodPressureSystolic), diastolic = HKQuantityType(.bloodPressureDiastolic)
        let pressure = HKCorrelationType(.bloodPressure)
        let (store, _) = try await makeAuthorizedStore([systolic, diastolic, pressure])
        let members: Set<HKSample> = [
            HKQuantitySample(type: systolic, quantity: HKQuantity(unit: .millimeterOfMercury(), doubleValue: 120), start: at(0), end: at(0)),
            HKQuantitySample(type: diastolic, quantity: HKQuantity(unit: .millimeterOfMercury(), doubleValue: 80), start: at(0), end: at(0)),
        ]
        let reading = HKCorrelation(type: pressure, start: at(0), end: at(0), objects: members)
        try await store.save(reading)
        let found: [HKCorrelation] = await firstResult { done in
            store.execute(HKCorrelationQuery(type: pressure, predicate: nil,
                                             samplePredicates: [systolic: HKQuery.predicateForQuantitySamples(with: .greaterThan, quantity: HKQuantity(unit: .millimeterOfMercury(), doubleValue: 110))]) { _, result, _ in
                done(result ?? [])
            })
        }
        #expect(found.count == 1)
        #expect(found.first?.objects(for: diastolic).count == 1)
        try await store.delete(reading)
        let left = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: systolic)], sortDescriptors: []).result(for: store)
        #expect(left.isEmpty)
    }

    @Test func characteristicsComeFromTheProfile() async throws {
        let (store, _) = makeTemporaryStore()
        try await store.setUserProfile(HKUserProfile(dateOfBirth: DateComponents(year: 1985, month: 6, day: 2), biologicalSex: .female, bloodType: .oNegative))
        #expect(throws: HKError.self) { try store.biologicalSex() }
        try await store.requestAuthorization(toShare: nil, read: [HKCharacteristicType(.biologicalSex), HKCharacteristicType(.dateOfBirth), HKCharacteristicType(.bloodType)])
        #expect(try store.biologicalSex().biologicalSex == .female)
        #expect(try store.bloodType().bloodType == .oNegative)
        #expect(try store.dateOfBirthComponents().year == 1985)
    }

    @Test func workoutsKeepEventsTotalsAndMetadata() async throws {
        let (store, _) = try await makeAuthorizedStore([HKWorkoutType()])
        let events = [HKWorkoutEvent(type: .pause, dateInterval: DateInterval(start: at(600), duration: 0), metadata: nil),
                      HKWorkoutEvent(type: .resume, dateInterval: DateInterval(start: at(900), duration: 0), metadata: nil)]
        let workout = HKWorkout(activityType: .running, start: at(0), end: at(3600), workoutEvents: events,
                                totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 600),
                                totalDistance: HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 10),
                                metadata: [HKMetadataKeyIndoorWorkout: false])
        #expect(workout.duration == 3300)
        try await store.save(workout)
        let read = try #require(try await HKSampleQueryDescriptor(predicates: [.workout(HKQuery.predicateForWorkouts(with: .running))], sortDescriptors: []).result(for: store).first)
        #expect(read.workoutActivityType == .running)
        #expect(read.duration == 3300)
        #expect(read.workoutEvents?.map(\.type) == [.pause, .resume])
        #expect(read.statistics(for: HKQuantityType(.distanceWalkingRunning))?.sumQuantity()?.doubleValue(for: .meter()) == 10_000)
        #expect(read.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?.doubleValue(for: .kilocalorie()) == 600)
        #expect(read.metadata?[HKMetadataKeyIndoorWorkout] as? Bool == false)
        let cycling = try await HKSampleQueryDescriptor(predicates: [.workout(HKQuery.predicateForWorkouts(with: .cycling))], sortDescriptors: []).result(for: store)
        #expect(cycling.isEmpty)
    }

    @Test func aStoreWithAnUnusableLocationReportsWhyOnEveryCall() async throws {
        let store = HKHealthStore(location: .file("/proc/no-such-dir/health.sqlite"))
        do {
            try await store.requestAuthorization(toShare: [heartRate], read: nil)
            Issue.record("opened an impossible path")
        } catch let error as HKError {
            #expect(error.code == .errorDatabaseInaccessible)
            #expect(error.localizedDescription.contains("/proc/no-such-dir/health.sqlite"))
        }
    }
}
