public import WorkoutFormats

extension ScenarioResult {
    /// The result with the saved workout's figures in place of the live builder's running totals, so that
    /// `replay` says what `show`, the report and an export of the same workout say (``WorkoutFigures``):
    /// moving and elapsed time, distance, energy, speed, elevation, heart rate, power, cadence (zeros left
    /// out) and the laps, the last of which runs to the end.
    public func adopting(_ figures: WorkoutFigures) -> ScenarioResult {
        var result = self
        result.elapsed = Self.round(figures.movingTime)
        result.duration = Self.round(figures.elapsedTime)
        result.totalDistanceMeters = Self.round(figures.distance ?? 0)
        result.totalEnergyKilocalories = Self.round(figures.energy ?? 0)
        result.averageSpeedMetersPerSecond = figures.averageSpeed.map(Self.round)
        result.maximumSpeedMetersPerSecond = figures.maximumSpeed.map(Self.round)
        result.elevationAscendedMeters = figures.ascent.map(Self.round)
        result.elevationDescendedMeters = figures.descent.map(Self.round)
        if let average = figures.averageHeartRate, let minimum = figures.minimumHeartRate, let maximum = figures.maximumHeartRate {
            result.heartRate = Range(average: Self.round(average), minimum: Self.round(minimum), maximum: Self.round(maximum))
        }
        if let average = figures.averagePower, let minimum = figures.minimumPower, let maximum = figures.maximumPower {
            result.power = Range(average: Self.round(average), minimum: Self.round(minimum), maximum: Self.round(maximum))
        }
        if let average = figures.averageCadence, let minimum = figures.minimumCadence, let maximum = figures.maximumCadence {
            result.cadence = Range(average: Self.round(average), minimum: Self.round(minimum), maximum: Self.round(maximum))
        }
        result.laps = figures.laps.map { lap in
            Lap(index: lap.number, start: Self.round(lap.startSeconds), duration: Self.round(lap.movingTime), distanceMeters: Self.round(lap.distance ?? 0))
        }
        return result
    }
}
