import CGPS
import Foundation

/// A position fix as gpsd reports it in a TPV message.
struct GPSDFix: Sendable, Hashable {
    /// The receiver's time of the fix (never the time it arrived).
    var time: Date
    /// 0 not seen, 1 no fix, 2 2D, 3 3D.
    var mode: Int
    var latitude: Double
    var longitude: Double
    /// Altitude above mean sea level, else above the ellipsoid, when known.
    var altitude: Double?
    /// Estimated horizontal error (95 %), metres.
    var horizontalError: Double?
    /// Estimated vertical error (95 %), metres.
    var verticalError: Double?
    /// Speed over ground from Doppler, metres per second.
    var speed: Double?
    /// Course over ground, degrees from true north.
    var track: Double?
}

/// One message from gpsd that matters to a recorder.
enum GPSDMessage: Sendable, Hashable {
    /// gpsd's release, on connecting.
    case version(String)
    /// A receiver was activated or went away.
    case device(path: String, active: Bool)
    /// A TPV message with a fix and its time.
    case fix(GPSDFix)
    /// A TPV message without a fix (mode 0 or 1).
    case noFix
    /// A SKY message: satellites used in the solution and in view.
    case satellites(used: Int, visible: Int)
    /// Anything else (WATCH, DEVICES, POLL, TPVs without time): proof of life only.
    case other
}

/// A connection to gpsd through libgps, read on one thread.
///
/// libgps's calls block; they run on the reader's own thread. `gps_data_t`
/// is 24 KB in 3.22, so it lives on the heap.
final class GPSDConnection {
    private let data: UnsafeMutablePointer<gps_data_t>
    private let host: String
    private let port: String
    private var line = [CChar](repeating: 0, count: 20_481)
    private var isOpen = true

    /// Connects to gpsd at `host`:`port` and asks for JSON reports, from
    /// `device` only when given.
    init(host: String, port: String, device: String?) throws(GPSDError) {
        let data = UnsafeMutablePointer<gps_data_t>.allocate(capacity: 1)
        data.initialize(to: gps_data_t())
        guard gps_open(host, port, data) == 0 else {
            let code = cgps_errno()
            data.deallocate()
            throw GPSDError(host: host, port: port, message: String(cString: gps_errstr(code)), transient: true)
        }
        var flags = UInt32(WATCH_ENABLE) | UInt32(WATCH_JSON)
        if device != nil { flags |= UInt32(WATCH_DEVICE) }
        let streamed = device.map { path in path.withCString { gps_stream(data, flags, UnsafeMutableRawPointer(mutating: $0)) } }
            ?? gps_stream(data, flags, nil)
        guard streamed == 0 else {
            _ = gps_close(data)
            data.deallocate()
            throw GPSDError(host: host, port: port, message: "gpsd refused the WATCH request", transient: true)
        }
        self.data = data
        self.host = host
        self.port = port
    }

    deinit {
        close(polite: false)
        data.deallocate()
    }

    /// The next message, or `nil` when none arrived within `timeoutMicroseconds`.
    ///
    /// - Throws: ``GPSDError`` when the connection is lost.
    func next(timeoutMicroseconds: Int32) throws(GPSDError) -> GPSDMessage? {
        guard gps_waiting(data, timeoutMicroseconds) else { return nil }
        // TPV assigns `set`, but SKY, DEVICE and others only add bits: clear it first.
        data.pointee.set = 0
        let count = line.withUnsafeMutableBufferPointer { gps_read(data, $0.baseAddress, Int32($0.count - 1)) }
        if count < 0 {
            throw GPSDError(host: host, port: port, message: "connection lost (\(String(cString: gps_errstr(cgps_errno()))))", transient: true)
        }
        if count == 0 { return nil }
        let json = line.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(count)).prefix(24), as: UTF8.self)
        }
        let set = data.pointee.set
        if json.hasPrefix("{\"class\":\"TPV\"") {
            let fix = data.pointee.fix
            guard set & TIME_SET != 0, fix.time.tv_sec > 0 else { return .other }
            guard fix.mode >= MODE_2D, fix.latitude.isFinite, fix.longitude.isFinite else { return .noFix }
            let time = Date(timeIntervalSince1970: Double(fix.time.tv_sec) + Double(fix.time.tv_nsec) / 1e9)
            let altitude = fix.mode >= MODE_3D ? [fix.altMSL, fix.altHAE].first(where: \.isFinite) : nil
            let horizontal = fix.eph.isFinite ? fix.eph : (fix.epx.isFinite && fix.epy.isFinite ? max(fix.epx, fix.epy) : nil)
            return .fix(GPSDFix(time: time, mode: Int(fix.mode), latitude: fix.latitude, longitude: fix.longitude, altitude: altitude,
                                horizontalError: horizontal, verticalError: fix.epv.isFinite ? fix.epv : nil,
                                speed: fix.speed.isFinite ? fix.speed : nil, track: fix.track.isFinite ? fix.track : nil))
        }
        if json.hasPrefix("{\"class\":\"SKY\"") {
            return .satellites(used: Int(data.pointee.satellites_used), visible: Int(data.pointee.satellites_visible))
        }
        if json.hasPrefix("{\"class\":\"DEVICE\"") {
            let path = withUnsafeBytes(of: data.pointee.dev.path) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return .device(path: path, active: data.pointee.dev.activated.tv_sec != 0)
        }
        if json.hasPrefix("{\"class\":\"VERSION\"") {
            return .version(withUnsafeBytes(of: data.pointee.version.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        return .other
    }

    /// Asks gpsd to answer at once (`?POLL;`), to tell a quiet daemon from a hung one.
    func poll() {
        _ = cgps_send(data, "?POLL;")
    }

    /// Closes the connection; `polite` first tells gpsd to stop watching,
    /// which must not be tried on a connection already lost.
    func close(polite: Bool) {
        guard isOpen else { return }
        isOpen = false
        if polite { _ = gps_stream(data, UInt32(WATCH_DISABLE), nil) }
        _ = gps_close(data)
    }
}

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
