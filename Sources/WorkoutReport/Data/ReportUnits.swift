/// The units a report speaks: kilometres or miles.
public enum ReportUnits: String, Sendable, CaseIterable {
    /// Kilometres, km/h, minutes per kilometre and metres.
    case metric
    /// Miles, mph, minutes per mile and feet.
    case imperial

    /// Metres in one split: a kilometre or a mile.
    public var splitMeters: Double { self == .metric ? 1_000 : 1_609.344 }
    /// The split's name: "km" or "mi".
    public var distanceSymbol: String { self == .metric ? "km" : "mi" }
    /// The speed's symbol: "km/h" or "mph".
    public var speedSymbol: String { self == .metric ? "km/h" : "mph" }
    /// The elevation's symbol: "m" or "ft".
    public var elevationSymbol: String { self == .metric ? "m" : "ft" }

    /// A distance in metres, in kilometres or miles.
    public func distance(_ meters: Double) -> Double { meters / splitMeters }
    /// A speed in metres per second, in km/h or mph.
    public func speed(_ metersPerSecond: Double) -> Double { metersPerSecond * 3_600 / splitMeters }
    /// An elevation in metres, in metres or feet.
    public func elevation(_ meters: Double) -> Double { self == .metric ? meters : meters / 0.3048 }
}
