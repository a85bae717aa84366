import OpenHealthKit

/// Beats (or revolutions) per minute.
let beatsPerMinute = HKUnit.count().unitDivided(by: .minute())
