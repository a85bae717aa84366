

/// A conversion between units of different dimensions.
public struct HKUnitConversionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The unit the value is in.
    public let from: HKUnit
    /// The unit that was asked for.
    public let to: HKUnit

    /// The error of converting a value in `from` to `to`.
    package init(from: HKUnit, to: HKUnit) {
        self.from = from
        self.to = to
    }

    /// Apple's wording, naming both units and their dimensions.
    public var description: String {
        "Attempt to convert incompatible units: \(from.unitString), \(to.unitString) (\(from.dimension) is not \(to.dimension))"
    }
}
