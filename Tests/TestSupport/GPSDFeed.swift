public import Foundation

/// A real gpsd reading a receiver that the test plays: the test writes an NMEA log into a pseudo-terminal (a
/// ``SocatPair``) that gpsd reads as it reads `/dev/ttyUSB0`, each epoch stamped with the time it is written, as a
/// receiver stamps its fixes.
///
/// Unlike `gpsfake`, which plays a log on its own schedule, the feed writes an epoch only once gpsd has reported the
/// one before (to a ``GPSDWatch`` of its own), so a machine busy with other work slows the ride down but never loses
/// or bunches it: what gpsd reported is exactly what was played, and ``reportedFixes`` says what that was. The end of
/// the log is told as a receiver's unplugging is: ``unplug()`` removes the device through gpsd's control socket, and
/// gpsd reports it gone.
///
/// It plays the logs `workout simulate --nmea` writes (GGA, RMC, VTG and GSA an epoch): only GGA and RMC carry a
/// time, and only they are stamped anew. A real receiver's log, with its own sentences and dates, goes through
/// ``GPSFake``.
public final class GPSDFeed: @unchecked Sendable {
    /// The port gpsd listens on.
    public let port: Int
    /// The pseudo-terminal gpsd reads.
    public var device: String { pair.device }
    private let pair: SocatPair
    private let control: String
    private let lock = NSLock()
    private var daemon: Process?
    private var watch: GPSDWatch?
    private var earlierFixes: [GPSDWatch.Fix] = []

    /// Whether gpsd and socat are installed (`Scripts/setup` installs them).
    public static var isAvailable: Bool { executable != nil && SocatPair.executable != nil }

    private static var executable: String? {
        ["/usr/sbin/gpsd", "/usr/local/sbin/gpsd"].first(where: FileManager.default.isExecutableFile)
    }

    /// Starts gpsd on a fresh pseudo-terminal, on `port` or a free one, and waits until it answers.
    public init(port: Int? = nil) throws {
        pair = try SocatPair()
        self.port = try port ?? Loopback.freePort()
        // A socket's path holds at most 107 bytes: not in the scratch folder, whose path is longer.
        control = "/tmp/ohk-gpsd-\(getpid())-\(self.port).sock"
        try startDaemon()
    }

    /// Starts gpsd (again, after ``stopDaemon()``) on the same port and device, and waits until it answers (at
    /// most 30 s: gpsd starts in milliseconds, a machine busy with a whole suite can take seconds to run it).
    public func startDaemon() throws {
        guard let executable = Self.executable else {
            throw GPSFakeError("gpsd is not installed; run Scripts/setup (apt-get install gpsd)")
        }
        _ = TestRunReaper.started
        try? FileManager.default.removeItem(atPath: control)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        // -N: in the foreground, a child the test can kill; -n: read the device before any client asks;
        // -b: never write to it (no probe strings into the test's log).
        process.arguments = ["-N", "-n", "-b", "-S", String(port), "-F", control, pair.device]
        let log = pair.directory.appendingPathComponent("gpsd.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        process.standardOutput = output
        process.standardError = output
        try process.run()
        lock.withLock { daemon = process }
        func said() -> String { (try? String(contentsOf: log, encoding: .utf8)).map { ": " + $0.suffix(500) } ?? "" }
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let watch = try? GPSDWatch(port: port) {
                // gpsd flushes the device when it opens it: play nothing until it lists the device as activated.
                let activated = "\"path\":\"\(pair.device)\",\"activated\":\""
                while Date() < deadline, !watch.hasSent(activated) {
                    guard process.isRunning else { break }
                    usleep(20_000)
                }
                lock.withLock { self.watch = watch }
                guard watch.hasSent(activated) else { break }
                return
            }
            guard process.isRunning else { throw GPSFakeError("gpsd ended at once (status \(process.terminationStatus)) on port \(port)\(said())") }
            usleep(20_000)
        }
        throw GPSFakeError("gpsd did not answer on 127.0.0.1:\(port) with \(pair.device) activated within 30 s (status: \(process.isRunning ? "running" : "ended"))\(said())")
    }

    /// Kills gpsd with SIGKILL (children of `swift test` inherit a blocked SIGTERM) and waits for it.
    public func stopDaemon() {
        let (process, watch) = lock.withLock { () -> (Process?, GPSDWatch?) in
            defer { daemon = nil; self.watch = nil }
            return (daemon, self.watch)
        }
        if let watch { lock.withLock { earlierFixes += watch.stop() } }
        guard let process else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Sends `signal` to gpsd (SIGSTOP hangs it, SIGCONT lets it go on).
    public func signalDaemon(_ signal: Int32) {
        guard let process = lock.withLock({ daemon }) else { return }
        kill(process.processIdentifier, signal)
    }

    /// An NMEA log's epochs: the sentences from one of the log's first kind of sentence to the next.
    public static func epochs(ofLog path: String) throws -> [[String]] {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
        guard let first = lines.first?.split(separator: ",").first else { return [] }
        var epochs: [[String]] = []
        for line in lines where line.hasPrefix("$") {
            if line.split(separator: ",").first == first || epochs.isEmpty { epochs.append([]) }
            epochs[epochs.count - 1].append(line)
        }
        return epochs
    }

    /// Plays `epochs` into the device, one every `pace` seconds at most, each stamped with the time it is written.
    ///
    /// With `inStep` (the default), an epoch that holds a time is written only once gpsd has reported the one
    /// before; without it (a test that hangs gpsd on purpose) the epochs go on at their pace whatever gpsd does.
    /// With `stop`, the ride ends early once the flag is set (a test that ended its recording before the log's end).
    /// Blocks: call it off Swift's cooperative pool (``offThePool(_:)``).
    /// - Throws: when gpsd has not reported an epoch within `timeout` seconds, or the device cannot be written.
    public func play(_ epochs: [[String]], pace: TimeInterval = 1, inStep: Bool = true, timeout: TimeInterval = 60, stop: StopFlag? = nil) throws {
        var next = Date()
        for epoch in epochs {
            if stop?.isSet == true { return }
            let wait = next.timeIntervalSinceNow
            if wait > 0 { usleep(useconds_t(wait * 1_000_000)) }
            let now = Date()
            next = now.addingTimeInterval(pace)
            let stamped = Self.stamp(epoch, at: now)
            try pair.write(Array(stamped.sentences.joined().utf8))
            guard inStep, let time = stamped.reported else { continue }
            let deadline = Date().addingTimeInterval(timeout)
            while !(lock.withLock { watch }?.hasSent(time) ?? false) {
                if stop?.isSet == true { return }
                guard Date() < deadline else { throw GPSFakeError("gpsd did not report the epoch of \(time) within \(Int(timeout)) s") }
                usleep(10_000)
            }
        }
    }

    /// Removes the device from gpsd through its control socket, as an unplugged receiver: gpsd reports it gone
    /// (a `DEVICE` report with `"activated":0`).
    public func unplug() throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: control.utf8.prefix(buffer.count - 1))
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { throw GPSFakeError("cannot reach gpsd's control socket \(control): \(String(cString: strerror(errno)))") }
        let command = Array("-\(pair.device)\n".utf8)
        _ = command.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var answer = [UInt8](repeating: 0, count: 16)
        let count = answer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0, String(decoding: answer[0..<count], as: UTF8.self).hasPrefix("OK") else {
            throw GPSFakeError("gpsd did not remove \(pair.device): \(String(decoding: answer[0..<max(count, 0)], as: UTF8.self))")
        }
    }

    /// Every fix gpsd reported while the feed watched it, one per fix time, across restarts.
    public var reportedFixes: [GPSDWatch.Fix] {
        lock.withLock { earlierFixes + (watch?.fixes ?? []) }.sorted { $0.time < $1.time }
    }

    /// Stops gpsd and socat.
    public func stop() {
        stopDaemon()
        pair.stop()
        try? FileManager.default.removeItem(atPath: control)
    }

    /// `epoch` with the time and date of its GGA and RMC sentences set to `date` (to the hundredth, as receivers
    /// give it) and their checksums made again; and the time as gpsd reports it, when the epoch has one.
    static func stamp(_ epoch: [String], at date: Date) -> (sentences: [String], reported: String?) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
        let hundredths = (c.nanosecond ?? 0) / 10_000_000
        let time = String(format: "%02d%02d%02d.%02d", c.hour ?? 0, c.minute ?? 0, c.second ?? 0, hundredths)
        let day = String(format: "%02d%02d%02d", c.day ?? 0, c.month ?? 0, (c.year ?? 0) % 100)
        var reported: String?
        let sentences = epoch.map { line -> String in
            guard let star = line.lastIndex(of: "*") else { return line + "\r\n" }
            var fields = line[line.index(after: line.startIndex)..<star].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let kind = fields.first?.suffix(3)
            if kind == "GGA" || kind == "RMC", fields.count > 1 { fields[1] = time }
            if kind == "RMC", fields.count > 9 {
                fields[9] = day
                // gpsd dates a report from the RMC's date; an epoch without a fix may go unreported.
                guard fields[2] == "A" else { return sentence(fields) }
                reported = String(format: "\"time\":\"%04d-%02d-%02dT%02d:%02d:%02d.%03dZ\"", c.year ?? 0, c.month ?? 0, c.day ?? 0,
                                  c.hour ?? 0, c.minute ?? 0, c.second ?? 0, hundredths * 10)
            }
            return sentence(fields)
        }
        return (sentences, reported)
    }

    /// `$BODY*CS\r\n` from a sentence's fields, the checksum being the XOR of the body's bytes.
    private static func sentence(_ fields: [String]) -> String {
        let body = fields.joined(separator: ",")
        let checksum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
        return "$\(body)*\(String(format: "%02X", checksum))\r\n"
    }

    deinit { stop() }
}
