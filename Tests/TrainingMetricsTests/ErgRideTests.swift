import Testing
import TrainingMetrics

/// An ERG ride's speed and distance from power, against the steady-state physics worked by hand.
@Suite struct ErgRideTests {
    @Test func theSpeedSettlesWhereThePowerHoldsItAndTheDistanceFollows() {
        // 75 kg + 9 kg: 200 W = v · 84 · 9.81 · 0.004 + ½ · 1.2 · 0.32 · v³, so v ≈ 9.58 m/s (34.5 km/h).
        let physics = CyclingPhysics(riderMass: 75)
        let steady = physics.speed(power: 200)
        #expect(abs(physics.power(speed: steady) - 200) < 1e-6)
        #expect(abs(steady - 9.58) < 0.01)
        var ride = ErgRide(physics: physics)
        ride.ride(watts: 200, for: 600)
        #expect(abs(ride.speed - steady) < 0.01)
        // Ten minutes at about the steady speed, less the first half-minute's acceleration.
        #expect(ride.distance > 600 * steady - 150 && ride.distance < 600 * steady)
        // Stopping pedalling: the rider slows, and the distance still grows a little.
        let before = ride.distance
        ride.ride(watts: 0, for: 30)
        #expect(ride.speed < steady - 2 && ride.distance > before)
    }

    @Test func moreGradeAndDragNeedMorePower() {
        let physics = CyclingPhysics(riderMass: 70)
        #expect(physics.power(speed: 5, grade: 0.05) > physics.power(speed: 5))
        #expect(physics.power(speed: 10, grade: -0.1) == 0)
        #expect(CyclingPhysics(riderMass: 70, dragArea: 0.4).speed(power: 250) < physics.speed(power: 250))
        #expect(physics.speed(power: 0) == 0 && physics.speed(power: -5) == 0)
    }
}
