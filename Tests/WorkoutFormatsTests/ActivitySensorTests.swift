import Testing
import WorkoutFormats

@Suite struct ActivitySensorTests {
    @Test func aSensorReadsByItsNameElseByItsMakerAsTheFITProfileNamesThem() {
        #expect(ActivitySensor(kind: .bikePower, name: "Assioma DUO", battery: 72).text == "Assioma DUO (power meter, battery 72 %)")
        // A bare number where the name goes (some head units write the ANT+ device number there) is no name: the maker is.
        #expect(ActivitySensor(kind: .bikePower, name: "4868", manufacturer: 69, product: 3).text == "Stages Cycling (power meter)")
        // Garmin's products are in the profile: maker and model.
        #expect(ActivitySensor(kind: .heartRate, name: "2", manufacturer: 1, product: 8).text == "Garmin HRM Run (heart rate)")
        // Neither name nor a maker the profile knows: the number as the file gave it, else the kind alone.
        #expect(ActivitySensor(kind: .bikePower, name: "4868", manufacturer: 65_000).text == "4868 (power meter)")
        #expect(ActivitySensor(kind: .bikeSpeedAndCadence, battery: 40).text == "speed and cadence, battery 40 %")
        #expect(ActivitySensor(kind: .heartRate, identifier: "C4:7C:8D:6A:12:3B").text == "C4:7C:8D:6A:12:3B (heart rate)")
    }
}
