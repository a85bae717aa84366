/// The power a rider needs at a speed on a road, and the speed a power gives: rolling resistance, gravity on the
/// grade and air drag, at steady speed, with no drivetrain loss.
///
/// P = v · (m + m_bike) · g · (C_rr + grade) + ½ · ρ · CdA · v³, with C_rr 0.004, CdA 0.32 m², ρ 1.2 kg/m³,
/// a 9-kg bike and g 9.81 m/s² unless given. The scenario simulator rides with it, and a trainer in ERG gives a
/// ride its speed and distance from power with it, so that gearing does not skew them.
public struct CyclingPhysics: Sendable, Hashable {
    /// The rider's mass, kg.
    public var riderMass: Double
    /// The bike's mass, kg.
    public var bikeMass: Double
    /// The rolling resistance coefficient.
    public var rollingResistance: Double
    /// Drag area, m².
    public var dragArea: Double
    /// Air density, kg/m³.
    public var airDensity: Double
    /// Gravity, m/s².
    public static let gravity = 9.81

    /// A rider of `riderMass` kg on a road bike.
    public init(riderMass: Double, bikeMass: Double = 9, rollingResistance: Double = 0.004, dragArea: Double = 0.32, airDensity: Double = 1.2) {
        self.riderMass = riderMass
        self.bikeMass = bikeMass
        self.rollingResistance = rollingResistance
        self.dragArea = dragArea
        self.airDensity = airDensity
    }

    /// Watts to hold `speed` m/s on a `grade` (0.05 is 5 %); never below zero (a descent needs none).
    public func power(speed: Double, grade: Double = 0) -> Double {
        max(0, speed * (riderMass + bikeMass) * Self.gravity * (rollingResistance + grade) + 0.5 * airDensity * dragArea * speed * speed * speed)
    }

    /// The steady speed, m/s, that `watts` hold on a `grade`, found by halving between 0 and 30 m/s (50 times).
    public func speed(power watts: Double, grade: Double = 0) -> Double {
        guard watts > 0 else { return 0 }
        var low = 0.0, high = 30.0
        for _ in 0..<50 {
            let middle = (low + high) / 2
            if power(speed: middle, grade: grade) < watts { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// The speed after `seconds` at `watts` from `speed`: the power beyond what the speed needs accelerates the
    /// rider and bike (P − P(v) = m · v · dv/dt), in steps of at most a tenth of a second; from a standstill the
    /// first step takes the speed the power would hold.
    public func speed(after seconds: Double, at watts: Double, from speed: Double, grade: Double = 0) -> Double {
        var v = max(0, speed), left = max(0, seconds)
        let mass = riderMass + bikeMass
        while left > 1e-9 {
            let dt = min(0.1, left)
            if v < 0.5 {
                v = min(self.speed(power: watts, grade: grade), 0.5 + dt * max(0, watts) / (mass * 0.5))
            } else {
                v = max(0, v + dt * (watts - power(speed: v, grade: grade)) / (mass * v))
            }
            left -= dt
        }
        return v
    }
}
