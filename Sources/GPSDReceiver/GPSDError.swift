import CGPS
import Foundation
import WorkoutSources

/// gpsd could not be reached, or the connection failed.
public struct GPSDError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The daemon's host.
    public let host: String
    /// The daemon's port.
    public let port: String
    /// What went wrong.
    public let message: String
    /// Whether trying again may help.
    public let transient: Bool

    /// `gpsd at localhost:2947: can't connect to host/port pair. Is gpsd running? …`
    public var description: String {
        "gpsd at \(host):\(port): \(message)" + (message.contains("connect") ? ". Is gpsd running (`systemctl status gpsd`, or `gpsd -N -n /dev/ttyACM0`)?" : "")
    }
}
