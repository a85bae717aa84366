import Foundation
import OpenHealthKit
import Testing
import WorkoutFormats
import WorkoutReport

@Suite("Workout report page")
struct WorkoutReportTests {
    @Test("the page names no outside resource, escapes its title and says which zones it draws")
    func selfContained() {
        var options = ReportOptions()
        options.title = "Ride <script>alert(1)</script>"
        let plain = WorkoutReport(activity: straightActivity(seconds: 1_201), options: options).html()
        #expect(!plain.contains("<script>alert"))
        #expect(plain.contains("Ride &lt;script&gt;"))
        #expect(!plain.contains("http://") && !plain.contains("https://"))
        // Without an athlete, zones are percentages of the workout's own highest heart rate, and the page says so.
        #expect(plain.contains("id=\"heart-rate-zones\"") && plain.contains("% of maximum heart rate (159 bpm, the workout&#39;s highest"), "\(plain)")
        options.maximumHeartRate = 190
        options.tiles = "https://tile.example/{z}/{x}/{y}.png"
        let zoned = WorkoutReport(activity: straightActivity(seconds: 1_201), options: options).html()
        #expect(zoned.contains("id=\"heart-rate-zones\"") && zoned.contains("band-z3") && zoned.contains("(190 bpm, as given)"))
        #expect(zoned.contains("<th scope=\"row\">below Z1</th>"))
        #expect(zoned.contains("<image href=\"https://tile.example/"))
    }

    @Test("imperial units split by the mile and speak mph, feet and minutes per mile")
    func imperial() {
        var options = ReportOptions()
        options.units = .imperial
        let page = WorkoutReport(activity: straightActivity(seconds: 1_201), options: options).html()
        #expect(page.contains("Splits per mile") && page.contains("min/mi") && page.contains("Elevation (ft)"))
    }

    @Test("a workout without positions or heart rate still makes a page, without a map")
    func sparse() {
        var activity = straightActivity(seconds: 61, heartRate: { _ in nil })
        for index in activity.records.indices { (activity.records[index].latitude, activity.records[index].longitude) = (nil, nil) }
        let page = WorkoutReport(activity: activity).html()
        #expect(!page.contains("id=\"route\"") && page.contains("id=\"summary\""))
        #expect(WorkoutReport(activity: .init(creator: .openHealthKit)).html().contains("0:00"))
    }
}
