/// W′ balance second by second, by Skiba's differential form (Skiba, Fulford, Clarke et al. 2015,
/// as Froncioni and Clarke wrote it).
///
/// Each second at power P: above CP, the balance falls by P − CP joules; at or below CP it
/// recovers by (CP − P)·(W′ − W)/W′, so it nears W′ ever more slowly and never passes it. The
/// balance can go below zero when CP or W′ is set too low; it is shown as it is, since a negative
/// balance is the sign that they are.
///
/// The same machine runs on a finished ride (``series(watts:criticalPower:wPrime:)``) and live,
/// where the dashboard warns below a threshold.
public struct WPrimeBalance: Sendable, Equatable {
    /// Critical power, in watts.
    public let criticalPower: Double
    /// The athlete's W′, in joules.
    public let wPrime: Double
    /// The balance now, in joules.
    public private(set) var balance: Double
    /// The lowest balance so far, in joules.
    public private(set) var lowest: Double

    /// A full balance for an athlete with this CP and W′ (which must be positive).
    public init(criticalPower: Double, wPrime: Double) {
        precondition(wPrime > 0, "W′ must be positive")
        self.criticalPower = criticalPower
        self.wPrime = wPrime
        balance = wPrime
        lowest = wPrime
    }

    /// One second at `watts`.
    public mutating func add(_ watts: Double) {
        let power = watts.isFinite ? max(0, watts) : 0
        if power > criticalPower {
            balance -= power - criticalPower
        } else {
            balance += (criticalPower - power) * (wPrime - balance) / wPrime
        }
        lowest = min(lowest, balance)
    }

    /// The balance as a share of W′ (1 when full).
    public var share: Double { balance / wPrime }

    /// The balance after each second of `watts`, in joules.
    public static func series(watts: [Double], criticalPower: Double, wPrime: Double) -> [Double] {
        var machine = WPrimeBalance(criticalPower: criticalPower, wPrime: wPrime)
        return watts.map { value in
            machine.add(value)
            return machine.balance
        }
    }
}
