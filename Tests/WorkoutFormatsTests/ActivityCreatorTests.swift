import Foundation
import OpenHealthKit
import TestSupport
import Testing
import WorkoutFormats
import WorkoutLibrary

@Suite(.timeLimit(.minutes(10))) struct ActivityCreatorTests {
    @Test func namesDevicesAsTheFITProfileDoes() {
        let edge = ActivityCreator(name: "x", manufacturer: 1, product: 1036)
        #expect(edge.manufacturerName == "Garmin" && edge.productName == "Edge 500" && edge.displayName == "Garmin Edge 500")
        #expect(ActivityCreator(name: "x", manufacturer: 1, product: 1967).productName == "Fenix 2")
        #expect(ActivityCreator(name: "x", manufacturer: 1, product: 2697).productName == "Fenix 5")
        // Regional variants carry the product's own name.
        #expect(ActivityCreator(name: "x", manufacturer: 1, product: 1199).productName == "Edge 500")
        #expect(ActivityCreator(name: "ELEMNT BOLT", manufacturer: 32, product: 28).manufacturerName == "Wahoo Fitness")
        #expect(ActivityCreator(name: "ELEMNT BOLT", manufacturer: 32, product: 28).productName == nil)
        #expect(ActivityCreator(name: "ELEMNT BOLT", manufacturer: 32, product: 28).displayName == "Wahoo Fitness ELEMNT BOLT")
        #expect(ActivityCreator(name: "x", manufacturer: 60_000).manufacturerName == "manufacturer 60000")
    }

    @Test func aDeviceReadsBackAsTheCreatorThatMadeIt() {
        let edge = ActivityCreator(name: "Edge 500", manufacturer: 1, product: 1036, softwareVersion: 2.8)
        let device = edge.device
        #expect(device.manufacturer == "Garmin" && device.model == "Edge 500" && device.softwareVersion == "2.8")
        #expect(ActivityCreator(device: device) == ActivityCreator(name: "Edge 500", manufacturer: 1, product: 1036, softwareVersion: 2.8))
        // A product the profile does not name keeps its number.
        let bolt = ActivityCreator(name: "ELEMNT BOLT", manufacturer: 32, product: 28)
        #expect(bolt.device.model == "product 28" && ActivityCreator(device: bolt.device)?.product == 28)
        // Stores before names were kept held the product's number as the model and "Garmin product 1036" as the name.
        let old = HKDevice(name: "Garmin product 1036", manufacturer: "Garmin", model: "1036", hardwareVersion: nil, firmwareVersion: nil,
                           softwareVersion: nil, localIdentifier: nil, udiDeviceIdentifier: nil)
        #expect(ActivityCreator(device: old)?.name == "Edge 500" && ActivityCreator(device: old)?.product == 1036)
        // This machine, as a live recording's device, is no FIT creator.
        #expect(ActivityCreator(device: .local()) == nil)
        #expect(ActivityCreator(device: nil) == nil)
    }

    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real FIT ride"))
    func anImportedRideExportsUnderItsOwnDevice() async throws {
        let store = HKHealthStore(location: .inMemory)
        let file = SharedData.file("activity-files/fitparse__garmin-edge-500-ride.fit")
        let workout = try await ActivityImporter(store: store).importActivity(try ActivityFile.read(file), from: file.path)
        #expect(workout.device?.name == "Edge 500" && workout.device?.manufacturer == "Garmin")
        let exported = try await Activity(workout: workout, in: store)
        #expect(exported.creator.manufacturer == 1 && exported.creator.product == 1036)
        let reread = try ActivityFile.read(try ActivityFile.data(exported, as: .fit, timeZone: .gmt), format: .fit, path: "export.fit")
        #expect(reread.creator.displayName == "Garmin Edge 500")
    }

    /// A file that names its device without a FIT manufacturer: show, the report and exports all name that device.
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real TCX ride"))
    func anImportedTCXKeepsTheDeviceItNamed() async throws {
        let store = HKHealthStore(location: .inMemory)
        let file = SharedData.file("activity-files/gc__edge705-ride-hr-2009-09-19.tcx")
        let workout = try await ActivityImporter(store: store).importActivity(try ActivityFile.read(file), from: file.path)
        let exported = try await Activity(workout: workout, in: store)
        #expect(exported.creator.displayName == "EDGE705")
        let reread = try ActivityFile.read(try ActivityFile.data(exported, as: .fit, timeZone: .gmt), format: .fit, path: "export.fit")
        #expect(reread.creator.displayName == "EDGE705")
        #expect(ActivityCreator(named: nil) == nil)
    }
}
