#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A serial device that could not be opened or read.
public struct SerialPortError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The device path.
    public let path: String
    /// What was being done: `open`, `read`, ….
    public let operation: String
    /// The `errno` value.
    public let code: Int32
    /// What to do about it.
    public let hint: String

    /// Describes a failure of `operation` on `path` with `errno` `code`.
    public init(path: String, operation: String, code: Int32, hint: String? = nil) {
        self.path = path
        self.operation = operation
        self.code = code
        self.hint = hint ?? Self.hint(for: code, path: path)
    }

    /// Whether waiting may help: the device is absent or busy, not refused.
    public var isTransient: Bool {
        [ENOENT, ENXIO, ENODEV, EBUSY, EIO, EAGAIN].contains(code)
    }

    /// `cannot open /dev/ttyUSB0: Permission denied. Add yourself to …`.
    public var description: String {
        "cannot \(operation) \(path): \(String(cString: strerror(code)))" + (hint.isEmpty ? "" : ". \(hint)")
    }

    private static func hint(for code: Int32, path: String) -> String {
        switch code {
        case ENOENT: "Is the bridge plugged in? List devices with `ls -l /dev/serial/by-id/`; that path survives replugging"
        case EACCES, EPERM: "Add yourself to the group that owns it (`sudo usermod -aG dialout $USER`, then log in again)"
        case EBUSY: "Another program has it open (ModemManager probes new ttyACM devices; see `fuser \(path)`)"
        case ENXIO, ENODEV: "The device is gone or not ready; check the cable"
        case ENOTTY: "It is not a serial device"
        default: ""
        }
    }
}
