import CGPS
import Foundation
import GPSDProtocol
import WorkoutSources

/// A connection to gpsd: libgps opens and closes it; the recorder writes its
/// requests (never raising SIGPIPE) and reads gpsd's JSON lines itself.
///
/// Reads block on the calling thread for at most their timeout.
final class GPSDConnection {
    private let data: UnsafeMutablePointer<gps_data_t>
    private let host: String
    private let port: String
    private let descriptor: Int32
    /// Bytes received and not yet cut into lines.
    private var pending: [UInt8] = []
    /// Lines received and not yet returned.
    private var lines: [GPSDMessage] = []
    /// Errors in lines received, each reported by one call of ``next(timeoutMicroseconds:)`` once the lines before it are returned.
    private var lineErrors: [GPSDLineError] = []
    /// Where each read lands, allocated once.
    private var buffer = [UInt8](repeating: 0, count: 65_536)
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
        self.data = data
        self.host = host
        self.port = port
        descriptor = Int32(data.pointee.gps_fd)
        var watch = #"?WATCH={"enable":true,"json":true"#
        if let device, let path = String(data: (try? JSONEncoder().encode(device)) ?? Data(), encoding: .utf8) {
            watch += #","device":"# + path
        }
        guard send(watch + "};\n") else {
            close(polite: false)
            throw GPSDError(host: host, port: port, message: "gpsd refused the WATCH request", transient: true)
        }
    }

    deinit {
        close(polite: false)
        data.deallocate()
    }

    /// The next message, or `nil` when none arrived within `timeoutMicroseconds`
    /// or `stop` was set meanwhile.
    ///
    /// - Throws: ``GPSDError`` when the connection is lost, or gpsd sent a
    ///   line that is not one of its reports (the line is skipped; the next
    ///   call goes on with the next one).
    func next(timeoutMicroseconds: Int32, stop: StopSignal? = nil) throws(GPSDError) -> GPSDMessage? {
        if lines.isEmpty, lineErrors.isEmpty {
            try receive(timeoutMicroseconds: timeoutMicroseconds, stop: stop)
        }
        if !lines.isEmpty { return lines.removeFirst() }
        guard !lineErrors.isEmpty else { return nil }
        throw GPSDError(host: host, port: port, message: lineErrors.removeFirst().description, transient: false)
    }

    /// Reads what gpsd sent within `timeoutMicroseconds` and cuts it into
    /// ``lines`` and ``lineErrors``; returns at once when `stop` is set.
    private func receive(timeoutMicroseconds: Int32, stop: StopSignal?) throws(GPSDError) {
        var pollers = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: stop?.descriptor ?? -1, events: Int16(POLLIN), revents: 0)]
        let ready = Glibc.poll(&pollers, 2, max(0, timeoutMicroseconds / 1000))
        guard ready > 0, pollers[0].revents != 0 else {
            if ready < 0, errno != EINTR { throw lost("poll: \(String(cString: strerror(errno)))") }
            return
        }
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        if count == 0 { throw lost("gpsd closed the connection") }
        if count < 0 {
            if errno == EAGAIN || errno == EINTR { return }
            throw lost(String(cString: strerror(errno)))
        }
        pending += buffer[..<count]
        var start = pending.startIndex
        while let end = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
            var line = pending[start..<end]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            start = end + 1
            guard !line.isEmpty else { continue }
            do { lines.append(try GPSDMessage(line: line)) } catch { lineErrors.append(error) }
        }
        pending.removeSubrange(..<start)
        if pending.count > GPSDMessage.maximumLineLength {
            lineErrors.append(GPSDLineError(excerpt: String(decoding: pending.prefix(80), as: UTF8.self) + "…",
                                            reason: "more than \(GPSDMessage.maximumLineLength) bytes without a line end"))
            pending.removeAll()
        }
    }

    private func lost(_ reason: String) -> GPSDError {
        GPSDError(host: host, port: port, message: "connection lost (\(reason))", transient: true)
    }

    /// Writes `text` to gpsd without raising SIGPIPE when gpsd has gone.
    private func send(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        let sent = bytes.withUnsafeMutableBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return sent == bytes.count
    }

    /// Asks gpsd to answer at once (`?POLL;`), to tell a quiet daemon from a hung one.
    func poll() {
        _ = send("?POLL;\n")
    }

    /// Closes the connection; `polite` first tells gpsd to stop watching.
    func close(polite: Bool) {
        guard isOpen else { return }
        isOpen = false
        if polite { _ = send(#"?WATCH={"enable":false};"# + "\n") }
        _ = gps_close(data)
    }
}

