/// Aerobic decoupling (Friel's Pw:HR): how far the ratio of power to heart rate falls from the
/// first half of a ride to the second.
///
/// Only the seconds with a heart rate above zero count; they are split in two halves by count.
/// Each half's ratio is its mean power over its mean heart rate, and the decoupling is
/// (first − second) / first, as a percentage. Above 5 % suggests the ride was above the aerobic
/// threshold. This is GoldenCheetah's definition (`AerobicDecoupling.cpp`).
public enum AerobicDecoupling {
    /// The decoupling in percent of `watts` against `heartRate` (both one value a second, the
    /// shorter length counting); nil when fewer than two minutes have a heart rate or a half has
    /// no power.
    public static func percent(watts: [Double], heartRate: [Double]) -> Double? {
        var power: [Double] = [], heart: [Double] = []
        for (watt, beat) in zip(watts, heartRate) where beat > 0 {
            power.append(watt)
            heart.append(beat)
        }
        guard power.count >= 120 else { return nil }
        let half = power.count / 2
        func ratio(_ range: Range<Int>) -> Double? {
            let watts = power[range].reduce(0, +), beats = heart[range].reduce(0, +)
            return watts > 0 && beats > 0 ? watts / beats : nil
        }
        guard let first = ratio(0..<half), let second = ratio(half..<power.count) else { return nil }
        return (first - second) / first * 100
    }
}
