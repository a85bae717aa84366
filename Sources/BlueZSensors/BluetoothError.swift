public import DBus
import WorkoutSources

/// Why BlueZ could not be used, said as what to do about it.
public struct BluetoothError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong and what to do.
    public let description: String
    /// The D-Bus error's name behind it, where there was one (`org.bluez.Error.Failed`).
    public let name: String?

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
        name = nil
    }

    /// `failure` said for a person: the usual causes (bluetoothd not running, the user not allowed on the
    /// system bus, the adapter off) with their remedies; others as BlueZ gave them.
    public init(_ failure: DBusFailure, busAddress: String) {
        name = failure.name
        switch failure.name {
        case DBusFailure.serviceUnknownName, "org.freedesktop.DBus.Error.NameHasNoOwner":
            description = "BlueZ is not running (nobody owns org.bluez on \(busAddress)): start it with `sudo systemctl start bluetooth`"
        case "org.freedesktop.DBus.Error.AccessDenied":
            description = "the system bus refused access to BlueZ: add yourself to the bluetooth group (`sudo usermod -aG bluetooth $USER`) "
                + "and log in again (\(failure.message))"
        case "org.freedesktop.DBus.Error.FileNotFound", "org.freedesktop.DBus.Error.NoServer":
            description = "no D-Bus system bus at \(busAddress): is dbus running? (\(failure.message))"
        case "org.bluez.Error.NotReady":
            description = "the Bluetooth adapter is off: `bluetoothctl power on` (or check `rfkill list`)"
        case DBusFailure.disconnectedName:
            description = "the system bus at \(busAddress) closed the connection"
        default:
            description = failure.description
        }
    }
}
