import Foundation
import Testing
import HealthKitModel
import WorkoutFormats
@testable import WorkoutReport

/// A report measures each sport as its riders, runners and swimmers read it.
@Suite("Sport profile")
struct SportProfileTests {
    /// The text of each cell of the table `id` on `page`, a row at a time.
    func rows(of id: String, in page: String) -> [[String]] {
        guard let start = page.range(of: "<section id=\"\(id)\"") else { return [] }
        let section = page[start.lowerBound...].prefix { _ in true }
        let body = String(section[..<(section.range(of: "</section>")?.lowerBound ?? section.endIndex)])
        // Cells may carry a class (a column phones leave out): each cell's text is what follows its tag's end.
        return body.components(separatedBy: "<tr>").dropFirst(2).map { row in
            row.components(separatedBy: "<td").dropFirst().map { cell in
                String(cell.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" })
            }
        }
    }

    @Test("a ride splits every 5 km, or as set, and looks for its fastest 10, 20 and 40 km and its best power")
    func ride() {
        // Two hours at 8 m/s: 57.6 km; 250 W steady, 400 W for the first minute.
        let ride = straightActivity(seconds: 7_201, speed: 8, power: { $0 < 60 ? 400 : 250 }, sport: .cycling)
        let report = WorkoutReport(activity: ride)
        #expect(report.splits.count == 12 && report.splits.dropLast().allSatisfy { $0.meters == 5_000 })
        #expect(abs(report.splits[0].seconds - 625) < 0.01)
        let page = report.html()
        #expect(page.contains(">Splits per 5 km</h2>"))
        let efforts = rows(of: "best-efforts", in: page)
        #expect(efforts.map(\.first) == ["Fastest 10 km", "Fastest 20 km", "Fastest 40 km", "Best 5 s power", "Best 30 s power", "Best 1 min power",
                                          "Best 5 min power", "Best 10 min power", "Best 20 min power", "Best 60 min power"], "\(efforts)")
        // 10 km at 8 m/s is 1,250 s, at 28.8 km/h.
        #expect(efforts[0] == ["Fastest 10 km", "20:50", "28.8", "0:00"])
        #expect(efforts[4][1] == "400 W")
        var options = ReportOptions()
        options.splitLength = 10_000
        let tens = WorkoutReport(activity: ride, options: options)
        #expect(tens.splits.count == 6 && tens.html().contains(">Splits per 10 km</h2>"))
        options.units = .imperial
        options.splitLength = nil
        #expect(WorkoutReport(activity: ride, options: options).html().contains(">Splits per 5 mi</h2>"))
    }

    @Test("a swim splits and paces by 100 m")
    func swim() {
        // 1,200 m at 1.25 m/s: 1:20 per 100 m.
        let swim = straightActivity(seconds: 961, speed: 1.25, sport: .swimming)
        let report = WorkoutReport(activity: swim)
        #expect(report.splits.count == 12 && report.profile.showsPace)
        let page = report.html()
        #expect(page.contains(">Splits per 100 m</h2>") && page.contains("Pace (/100 m)"))
        #expect(rows(of: "splits", in: page).first?.prefix(3) == ["1", "1:20", "1:20"])
        #expect(rows(of: "best-efforts", in: page).map(\.first) == ["Fastest 100 m", "Fastest 200 m", "Fastest 400 m", "Fastest 800 m"])
        #expect(page.contains("data-key=\"average-pace\"><dt>Average pace</dt><dd>1:20 /100 m</dd>"))
    }

    @Test("a run splits by the kilometre, paces per km on an axis in minutes and seconds, and counts steps")
    func run() {
        let run = straightActivity(seconds: 1_501, speed: 3.7)
        let report = WorkoutReport(activity: run)
        let page = report.html()
        #expect(page.contains(">Splits per kilometre</h2>") && report.profile.onFoot)
        #expect(rows(of: "best-efforts", in: page).map(\.first) == ["Fastest 1 km", "Fastest 5 km"])
        // 3.7 m/s is 4:30 per km: the pace axis's labels are m:ss, not decimal minutes.
        let axis = page.components(separatedBy: "id=\"chart-pace-time\"").dropFirst().first ?? ""
        let labels = axis.components(separatedBy: "class=\"tick\"").dropFirst().prefix(4).map { $0.split(separator: ">")[1].prefix { $0 != "<" } }
        #expect(!labels.isEmpty && labels.allSatisfy { $0.contains(":") }, "\(labels)")
    }

    @Test("a swim, a ride and a run make a triathlon: each leg's splits and efforts in its own measures, none across them")
    func triathlon() {
        let start = Date(timeIntervalSince1970: 1_750_000_000)
        let swim = straightActivity(seconds: 601, speed: 1.25, sport: .swimming, start: start)
        let ride = straightActivity(seconds: 1_801, speed: 9, sport: .cycling, start: start.addingTimeInterval(700))
        let run = straightActivity(seconds: 1_201, speed: 3.7, sport: .running, start: start.addingTimeInterval(2_600))
        // The device counts distance across the legs.
        var records = swim.records
        var before = swim.records.last?.distance ?? 0
        for leg in [ride, run] {
            records += leg.records.map { record in
                var record = record
                record.distance = (record.distance ?? 0) + before
                return record
            }
            before = records.last?.distance ?? before
        }
        let triathlon = Activity(records: records, timerEvents: [ActivityTimerEvent(.start, at: start)],
                                 sessions: swim.sessions + ride.sessions + run.sessions, creator: .openHealthKit)
        let report = WorkoutReport(activity: triathlon)
        #expect(report.isMultisport && report.splits.isEmpty && report.bestEfforts.isEmpty)
        #expect(report.legs.map(\.number) == [1, 2, 3])
        #expect(report.legs.map { $0.report.splits.count } == [8, 4, 5], "each leg's splits count from its own start")
        let page = report.html()
        #expect(page.contains("<h1>Triathlon · "))
        #expect(page.contains(">Leg 1, swimming: splits per 100 m</h2>") && page.contains(">Leg 2, cycling: splits per 5 km</h2>")
                && page.contains(">Leg 3, running: splits per kilometre</h2>"))
        #expect(rows(of: "leg-3-splits", in: page).first?.prefix(3) == ["1", "4:30", "4:30"])
        #expect(rows(of: "legs", in: page).map { $0.count > 5 ? $0[5] : "" } == ["1:20 /100 m", "32.4 km/h", "4:30 /km"])
        #expect(page.contains("id=\"legs-strip\"") && !page.contains("<section id=\"splits\""))
    }

    @Test("a one-reading spike is neither the top speed nor drawn, whatever the device states")
    func spike() {
        var ride = straightActivity(seconds: 601, speed: 8, sport: .cycling)
        ride.records[300].speed = 26.1
        ride.sessions[0].maximumSpeed = 26.1
        let report = WorkoutReport(activity: ride)
        #expect(report.summary.maximumSpeed == 8)
        #expect(report.html().contains("data-key=\"maximum-speed\"><dt>Top speed</dt><dd>28.8 km/h</dd>"))
        let drawn = WorkoutFigures.sustainedSpeeds(report.timeline.speed).compactMap { $0 }
        #expect(drawn.max() == report.summary.maximumSpeed)
        // A stated maximum near the records' is kept: a live recording states its gated Doppler maximum.
        #expect(TopSpeed.shown(stated: 3.25, sustained: 3.2) == 3.25)
        #expect(TopSpeed.shown(stated: 1.48, sustained: 6.45) == 1.48)
        #expect(TopSpeed.shown(stated: nil, sustained: 6.45) == 6.45)
    }

    @Test("cadence is drawn as the mean of the last 30 s")
    func cadence() {
        let values: [Double?] = (0..<120).map { $0 % 2 == 0 ? 80 : 100 }
        let smoothed = ChartSeries.smoothed(values, elapsed: (0..<120).map(Double.init), over: 30)
        #expect(smoothed.dropFirst(31).allSatisfy { abs(($0 ?? 0) - 90) < 1 }, "\(smoothed)")
        #expect(ChartSeries.smoothed([nil, 90, nil], elapsed: [0, 1, 2], over: 30) == [nil, 90, nil])
    }
}
