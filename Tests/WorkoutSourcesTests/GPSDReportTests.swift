import CGPS
import Foundation
import TestSupport
import Testing
@testable import WorkoutSources
import GPSDProtocol

/// The recorder's reader of gpsd's JSON lines (GPSDMessage(line:)), which
/// replaced libgps's unpacker after fuzzing found lines that hang it.
@Suite(.timeLimit(.minutes(10))) struct GPSDReportTests {
    private func message(_ text: String) throws -> GPSDMessage { try GPSDMessage(line: Array(text.utf8)) }

    /// Every line gpsd 3.22 wrote for five real receivers' logs reads, and
    /// each fix is the one libgps unpacks from the same line, to the bit.
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping gpsd's real output"))
    func gpsdsOwnOutputReadsAsLibgpsUnpacksIt() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: SharedData.file("gpsd-logs").path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count == 5)
        var fixes = 0, satellites = 0, devices = 0
        let data = UnsafeMutablePointer<gps_data_t>.allocate(capacity: 1)
        defer { data.deallocate() }
        for file in files {
            let text = try String(contentsOf: SharedData.file("gpsd-logs/\(file)"), encoding: .utf8)
            for (index, line) in text.split(whereSeparator: \.isNewline).enumerated() {
                let ours = try GPSDMessage(line: Array(line.utf8))
                data.initialize(to: gps_data_t())
                var bytes = Array(String(line).utf8CString)
                #expect(bytes.withUnsafeMutableBufferPointer { gps_unpack($0.baseAddress, data) } == 0, "\(file):\(index + 1)")
                let fix = data.pointee.fix
                switch ours {
                case .fix(let ours):
                    fixes += 1
                    #expect(data.pointee.set & TIME_SET != 0 && fix.mode >= MODE_2D, "\(file):\(index + 1)")
                    #expect(ours.latitude == fix.latitude && ours.longitude == fix.longitude, "\(file):\(index + 1)")
                    let time = Double(fix.time.tv_sec) + Double(fix.time.tv_nsec) / 1e9
                    #expect(abs(ours.time.timeIntervalSince1970 - time) < 1e-6, "\(file):\(index + 1)")
                    #expect(ours.speed == (fix.speed.isFinite ? fix.speed : nil), "\(file):\(index + 1)")
                    #expect(ours.altitude == (fix.mode >= MODE_3D ? [fix.altMSL, fix.altHAE].first(where: \.isFinite) : nil), "\(file):\(index + 1)")
                case .noFix:
                    #expect(line.hasPrefix(#"{"class":"TPV""#) && fix.mode < MODE_2D, "\(file):\(index + 1)")
                case .satellites(let used, let visible):
                    satellites += 1
                    #expect(used == Int(data.pointee.satellites_used) && visible == Int(data.pointee.satellites_visible), "\(file):\(index + 1)")
                case .device(let path, let active):
                    devices += 1
                    let theirs = withUnsafeBytes(of: data.pointee.dev.path) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                    #expect(path == theirs && active == (data.pointee.dev.activated.tv_sec != 0), "\(file):\(index + 1)")
                case .version(let release):
                    #expect(release == "3.22")
                case .other:
                    #expect(!line.hasPrefix(#"{"class":"TPV""#) || data.pointee.set & TIME_SET == 0, "\(file):\(index + 1)")
                }
            }
        }
        #expect(fixes > 500 && satellites > 300 && devices >= 15, "\(fixes) fixes, \(satellites) SKY, \(devices) DEVICE")
    }

    /// Lines that hang libgps 3.22's unpacker forever (found by Scripts/fuzz)
    /// are refused at once with what is wrong.
    @Test func linesThatHangLibgpsAreRefused() throws {
        #expect { try message(#"{s"class":"DEVICE""#) } throws: { "\($0)".contains("not JSON") }
        let device = #"{"class":"DEVICE","er":"SiRF","activated":{"class":"DEVICES","devices":[]},"native":0,"bps":19200}"#
        #expect { try message(device) } throws: { "\($0)".contains("'activated' has the wrong type") }
    }

    @Test func hostileLinesAreRefusedOrReadAsNoFix() throws {
        #expect(throws: GPSDLineError.self) { try message("") }
        #expect(throws: GPSDLineError.self) { try message("[1,2]") }
        #expect { try message(#"{"mode":3}"#) } throws: { "\($0)".contains("no 'class'") }
        #expect(throws: GPSDLineError.self) { try message(String(repeating: " ", count: 20_000) + #"{"class":"TPV"}"#) }
        #expect(throws: GPSDLineError.self) { try message(#"{"class":"TPV","mode":"3"}"#) }
        // Not a place on Earth, or no fix: no position.
        #expect(try message(#"{"class":"TPV","mode":3,"time":"2024-06-01T07:00:00.000Z","lat":91.0,"lon":11.5}"#) == .noFix)
        #expect(try message(#"{"class":"TPV","mode":3,"time":"2024-06-01T07:00:00.000Z","lat":48.0,"lon":-180.5}"#) == .noFix)
        #expect(try message(#"{"class":"TPV","mode":1,"time":"2024-06-01T07:00:00.000Z","lat":48.0,"lon":11.5}"#) == .noFix)
        // No time, or one that is not gpsd's: proof of life only.
        #expect(try message(#"{"class":"TPV","mode":3,"lat":48.0,"lon":11.5}"#) == .other)
        #expect(try message(#"{"class":"TPV","mode":3,"time":"2024-13-01T07:00:00Z","lat":48.0,"lon":11.5}"#) == .other)
        #expect(throws: GPSDLineError.self) { try message(#"{"class":"TPV","mode":3,"time":1717225200,"lat":48.0,"lon":11.5}"#) }
    }

    @Test func aFixKeepsWhatMakesSense() throws {
        let line = #"{"class":"TPV","mode":3,"time":"2024-06-01T07:00:00.250Z","lat":48.1,"lon":11.5,"altHAE":567.3,"epx":3.1,"epy":4.2,"epv":-1,"speed":5.25,"track":91.2}"#
        guard case .fix(let fix) = try message(line) else { Issue.record("no fix"); return }
        #expect(fix.time == Date(timeIntervalSince1970: 1_717_225_200.25))
        #expect(fix.altitude == 567.3 && fix.horizontalError == 4.2 && fix.verticalError == nil && fix.speed == 5.25 && fix.track == 91.2)
        guard case .fix(let flat) = try message(#"{"class":"TPV","mode":2,"time":"2024-06-01T07:00:00Z","lat":48.1,"lon":11.5,"altMSL":520}"#) else { Issue.record("no 2D fix"); return }
        #expect(flat.altitude == nil, "a 2D fix has no altitude")
        #expect(try message(#"{"class":"DEVICE","path":"/dev/pts/0","activated":0}"#) == .device(path: "/dev/pts/0", active: false))
        #expect(try message(#"{"class":"SKY","satellites":[{"PRN":1,"used":true},{"PRN":2,"used":false}]}"#) == .satellites(used: 1, visible: 2))
    }

    @Test(arguments: [
        ("1970-01-01T00:00:00Z", 0.0), ("2000-02-29T12:00:00.5Z", 951_825_600.5), ("2026-11-22T13:35:40.106Z", 1_795_354_540.106),
        ("9999-12-31T23:59:59Z", 253_402_300_799.0),
    ])
    func gpsdTimes(text: String, seconds: Double) {
        #expect(abs((GPSDTime.date(text)?.timeIntervalSince1970 ?? -1) - seconds) < 1e-6, "\(text)")
    }

    @Test(arguments: ["", "2024-06-01T07:00:00", "2024-06-01 07:00:00Z", "1969-12-31T23:59:59Z", "2024-06-01T24:00:00Z", "2024-06-01T07:00:00.Z",
                      "2024-06-01T07:00:00+01:00", "2024-06-01T07:00:0xZ", "2024-06-01T07:00:00.12345678901234Z"])
    func notGpsdTimes(text: String) {
        #expect(GPSDTime.date(text) == nil, "\(text)")
    }
}
