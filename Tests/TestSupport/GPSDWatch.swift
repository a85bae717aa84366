public import Foundation

/// gpsd's reports, read beside the recorder under test as gpsd's own client
/// `gpspipe -w` reads them (a `?WATCH` for JSON over its TCP socket): the
/// reference the recorder's results are checked against.
public final class GPSDWatch: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var text = ""
    private var reader: Thread?

    /// Connects to gpsd at 127.0.0.1:`port` and starts reading its JSON.
    public init(port: Int) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        let connected = Loopback.withAddress(port: port) { connect(descriptor, $0, $1) == 0 }
        guard connected else {
            close(descriptor)
            throw GPSFakeError("cannot connect to gpsd at 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
        let watch = Array("?WATCH={\"enable\":true,\"json\":true};\n".utf8)
        _ = watch.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        let thread = Thread { [weak self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { return }
                guard let self else { return }
                let chunk = String(decoding: buffer[0..<count], as: UTF8.self)
                self.lock.withLock { self.text += chunk }
            }
        }
        reader = thread
        thread.start()
    }

    /// A position gpsd reported: its time, place, speed and estimated error.
    public struct Fix: Sendable {
        public var time: Date
        public var latitude: Double
        public var longitude: Double
        public var speed: Double?
        /// gpsd's `eph`, metres.
        public var horizontalError: Double?
    }

    /// Everything gpsd sent, for messages.
    public var captured: String { lock.withLock { text } }

    /// Whether gpsd has sent `fragment` of JSON (a report's `"time":"2026-11-29T06:09:03.370Z"`, a device's path
    /// and state).
    public func hasSent(_ fragment: String) -> Bool {
        lock.withLock { text.contains(fragment) }
    }

    /// Stops reading and returns gpsd's fixes (``fixes``).
    public func stop() -> [Fix] {
        shutdown(descriptor, Int32(SHUT_RDWR))
        return fixes
    }

    /// gpsd's fixes so far, one per fix time (gpsd repeats an epoch once per NMEA sentence).
    public var fixes: [Fix] {
        var fixes: [Fix] = []
        var seen = Set<String>()
        for line in captured.split(whereSeparator: \.isNewline) {  // gpsd ends lines with CR LF, one Character
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], object["class"] as? String == "TPV",
                  (object["mode"] as? Int ?? 0) >= 2, let time = object["time"] as? String, let latitude = object["lat"] as? Double,
                  let longitude = object["lon"] as? Double, seen.insert(time).inserted,
                  let date = try? Date(time, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) else { continue }
            fixes.append(Fix(time: date, latitude: latitude, longitude: longitude, speed: object["speed"] as? Double, horizontalError: object["eph"] as? Double))
        }
        return fixes.sorted { $0.time < $1.time }
    }

    deinit {
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
    }
}
