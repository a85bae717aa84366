#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A serial device opened for reading, in raw mode: no echo, no line
/// editing, no CR/LF mapping, no XON/XOFF (0x11 and 0x13 are payload bytes),
/// eight data bits, the given baud rate, and exclusive (`TIOCEXCL`), so a second
/// program cannot steal bytes. A regular file or a FIFO opens too, unchanged,
/// for replaying captures.
///
/// Reads never block the calling thread for longer than the timeout given,
/// and are meant for a dedicated thread, not Swift's cooperative pool.
public struct SerialPort: ~Copyable {
    /// The path opened, as given (a `/dev/serial/by-id/…` link stays a link).
    public let path: String
    /// Whether the path is a terminal device (a serial port or pseudo-terminal).
    public let isTerminal: Bool
    private let descriptor: Int32

    /// The outcome of a read.
    public enum ReadResult: Equatable {
        /// This many bytes were read.
        case bytes(Int)
        /// Nothing arrived within the timeout.
        case timedOut
        /// The device went away (hang-up, unplug, end of file); the message says how.
        case closed(String)
    }

    /// Opens `path` at `baudRate` (ignored for files and for USB CDC-ACM devices,
    /// which have no real baud rate), discarding bytes already queued.
    ///
    /// - Throws: ``SerialPortError`` naming the device, the failed call, and what to do.
    public init(path: String, baudRate: Int = 115_200) throws(SerialPortError) {
        guard let speed = SerialPort.speed(for: baudRate) else {
            throw SerialPortError(path: path, operation: "set the baud rate", code: EINVAL,
                                  hint: "\(baudRate) baud is not a standard rate; use one of \(SerialPort.baudRates.map(String.init).joined(separator: ", "))")
        }
        let fd = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw SerialPortError(path: path, operation: "open", code: errno) }
        let terminal = isatty(fd) == 1
        if terminal, let failure = Self.configure(fd, speed: speed, baudRate: baudRate) {
            close(fd)
            throw SerialPortError(path: path, operation: failure.operation, code: failure.code)
        }
        self.path = path
        descriptor = fd
        isTerminal = terminal
    }

    /// Puts the terminal `fd` in raw mode at `speed`; the failed step, if any.
    private static func configure(_ fd: Int32, speed: speed_t, baudRate: Int) -> (operation: String, code: Int32)? {
        guard ioctl(fd, UInt(TIOCEXCL)) == 0 else { return ("claim exclusive use (TIOCEXCL) of", errno) }
        var settings = termios()
        guard tcgetattr(fd, &settings) == 0 else { return ("read the terminal settings of", errno) }
        cfmakeraw(&settings)
        settings.c_cflag |= tcflag_t(CLOCAL) | tcflag_t(CREAD)
        settings.c_cflag &= ~(tcflag_t(CRTSCTS) | tcflag_t(CSTOPB))
        settings.c_iflag &= ~(tcflag_t(IXON) | tcflag_t(IXOFF) | tcflag_t(IXANY))
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        cfsetispeed(&settings, speed)
        cfsetospeed(&settings, speed)
        guard tcsetattr(fd, TCSANOW, &settings) == 0 else { return ("set raw mode at \(baudRate) baud on", errno) }
        tcflush(fd, TCIFLUSH)
        return nil
    }

    deinit {
        close(descriptor)
    }

    /// Waits up to `timeoutMilliseconds` for bytes and reads what is there into `buffer`.
    ///
    /// Bytes that arrive with a hang-up are returned first; the hang-up is
    /// reported on the next call.
    public func read(into buffer: UnsafeMutableRawBufferPointer, timeoutMilliseconds: Int32) throws(SerialPortError) -> ReadResult {
        try read(into: buffer, timeoutMilliseconds: timeoutMilliseconds, waking: -1)
    }

    /// Waits up to `timeoutMilliseconds` for bytes, or until `wakeDescriptor`
    /// (polled beside the port; -1 for none) is readable, and reads what is
    /// there into `buffer`. Woken, it returns ``ReadResult/timedOut``.
    func read(into buffer: UnsafeMutableRawBufferPointer, timeoutMilliseconds: Int32, waking wakeDescriptor: Int32) throws(SerialPortError) -> ReadResult {
        var requests = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&requests, 2, timeoutMilliseconds)
        let request = requests[0]
        if ready < 0 {
            if errno == EINTR { return .timedOut }
            throw SerialPortError(path: path, operation: "poll", code: errno)
        }
        if ready == 0 || request.revents == 0 { return .timedOut }
        // Read first: a hang-up can come with the last bytes still buffered.
        let count = readBytes(descriptor, buffer)
        if count > 0 { return .bytes(count) }
        if count == 0 { return .closed(isTerminal ? "hang-up (read returned 0)" : "end of file") }
        switch errno {
        case EAGAIN, EINTR:
            let events = Int32(request.revents)
            if events & Int32(POLLHUP | POLLERR | POLLNVAL) != 0 { return .closed(Self.describe(events)) }
            return .timedOut
        case EIO, ENXIO, ENODEV:
            return .closed(String(cString: strerror(errno)))
        default:
            throw SerialPortError(path: path, operation: "read", code: errno)
        }
    }

    /// Writes all of `bytes`, waiting up to a second in all for room when the port's queue is full (a bridge not
    /// reading).
    ///
    /// - Throws: ``SerialPortError`` naming the device and why the bytes could not go.
    public func write(_ bytes: [UInt8]) throws(SerialPortError) {
        var sent = 0, waits = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { writeBytes(descriptor, UnsafeRawBufferPointer(rebasing: $0[sent...])) }
            if count > 0 { sent += count; continue }
            guard count < 0, errno == EAGAIN || errno == EINTR, waits < 10 else {
                throw SerialPortError(path: path, operation: "write", code: count < 0 ? errno : EAGAIN)
            }
            waits += 1
            var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&request, 1, 100)
        }
    }

    private static func describe(_ events: Int32) -> String {
        var names: [String] = []
        if events & Int32(POLLHUP) != 0 { names.append("POLLHUP") }
        if events & Int32(POLLERR) != 0 { names.append("POLLERR") }
        if events & Int32(POLLNVAL) != 0 { names.append("POLLNVAL") }
        return "device reported " + names.joined(separator: "|")
    }

    /// The standard baud rates termios sets.
    public static let baudRates = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115_200, 230_400, 460_800, 500_000, 576_000,
                                   921_600, 1_000_000, 1_152_000, 1_500_000, 2_000_000, 2_500_000, 3_000_000, 3_500_000, 4_000_000]

    private static func speed(for rate: Int) -> speed_t? {
        let value: Int32? = switch rate {
        case 1200: B1200
        case 2400: B2400
        case 4800: B4800
        case 9600: B9600
        case 19200: B19200
        case 38400: B38400
        case 57600: B57600
        case 115_200: B115200
        case 230_400: B230400
        case 460_800: B460800
        case 500_000: B500000
        case 576_000: B576000
        case 921_600: B921600
        case 1_000_000: B1000000
        case 1_152_000: B1152000
        case 1_500_000: B1500000
        case 2_000_000: B2000000
        case 2_500_000: B2500000
        case 3_000_000: B3000000
        case 3_500_000: B3500000
        case 4_000_000: B4000000
        default: nil
        }
        return value.map { speed_t($0) }
    }
}

/// `write(2)`, outside ``SerialPort`` whose method shadows it.
private func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
    write(descriptor, buffer.baseAddress, buffer.count)
}

/// `read(2)`, outside ``SerialPort`` whose method shadows it.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}
