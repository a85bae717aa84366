import Foundation
internal import GRDB
import Synchronization

/// How often background delivery may wake an app, with Apple's raw values.
public enum HKUpdateFrequency: Int, Sendable {
    /// As soon as data arrives.
    case immediate = 1
    /// At most hourly.
    case hourly = 2
    /// At most daily.
    case daily = 3
    /// At most weekly.
    case weekly = 4
}
