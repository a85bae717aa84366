import Foundation
import Hummingbird
import HummingbirdTesting
import OpenHealthKit
import TestSupport
import Testing
import TrainingMetrics
import WorkoutFormats
import WorkoutLibrary
@testable import WorkoutServer

/// `/fitness` and `/api/fitness` on a store holding a real ride with power: the API's report is the one
/// `TrainingHistory` computes (and `workout fitness --json` prints), and the page shows its figures.
@Suite(.timeLimit(.minutes(10))) struct FitnessRoutesTests {
    static let zone = TimeZone(identifier: "America/Boise")!

    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real ride"))
    func theAPIAndThePageShowTheHistorysReport() async throws {
        let url = Scratch.url("fitness-routes", extension: "sqlite")
        defer { try? FileManager.default.removeItem(at: url) }
        let store = HKHealthStore(location: .file(url.path))
        try await store.saveAthleteSetting(.functionalThresholdPower, value: 250, from: Date(timeIntervalSince1970: 1_230_768_000))
        let file = SharedData.file("activity-files/gc__edge705-ride-hr-2009-09-19.tcx")
        let activity = try ActivityFile.read(file)
        _ = try await ActivityImporter(store: store).importActivity(activity, from: file.path)
        let tss = try #require(WorkoutFigures(activity: activity, athlete: AthleteFigures(functionalThresholdPower: 250)).training?.trainingStressScore)

        var configuration = WorkoutServer.Configuration(host: "127.0.0.1", port: 0, timeZone: Self.zone)
        // "Today" is 2009-10-11 in Boise, so `days=42` ends there.
        configuration.clock = VirtualClock(start: try Date("2009-10-11T18:00:00Z", strategy: .iso8601))
        let server = WorkoutServer(library: StoreCatalog(store: store), configuration: configuration)
        let history = try await TrainingHistory(store: store, timeZone: Self.zone)
        let expected = try await history.fitnessReport(firstDay: history.day(of: try Date("2009-09-14T18:00:00Z", strategy: .iso8601)),
                                                       lastDay: history.day(of: try Date("2009-10-11T18:00:00Z", strategy: .iso8601)))
        #expect(expected.days.first?.date == "2009-09-19")
        #expect(expected.days.first?.stress == tss, "the ride's TSS, as its figures give it")

        let app = Application(router: server.router())
        try await app.test(.router) { client in
            try await client.execute(uri: "/api/fitness?from=2009-09-14&to=2009-10-11", method: .get) { response in
                #expect(response.status == .ok)
                let report = try JSONDecoder().decode(FitnessReport.self, from: Data(response.body.readableBytesView))
                #expect(report == expected)
            }
            try await client.execute(uri: "/fitness?days=42", method: .get) { response in
                #expect(response.status == .ok)
                let page = String(buffer: response.body)
                let last = try #require(expected.days.last)
                #expect(page.contains("2009-08-31 – 2009-10-11"), "\(page.prefix(2_000))")
                #expect(page.contains("<dd id=\"fitness-ctl\">\(String(format: "%.1f", last.fitness))</dd>"))
                #expect(page.contains("id=\"fitness-power-curve\"") && page.contains("Critical power 278 W"))
                #expect(page.contains("<th scope=\"row\">2009-09-19</th><td>217</td>"), "the ride's week with its stress")
            }
            try await client.execute(uri: "/api/fitness?from=yesterday", method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("such as 2026-03-01"))
            }
            // Every day is a row: a range past ten years is refused at once, never computed.
            for uri in ["/api/fitness?from=0001-01-01&to=9999-12-31", "/fitness?days=100000000", "/api/fitness?from=2000-01-01&to=2010-12-31"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .badRequest, "\(uri)")
                    #expect(String(buffer: response.body).contains("at most 3,660 days"), "\(uri): \(String(buffer: response.body).prefix(300))")
                }
            }
            try await client.execute(uri: "/api/fitness?from=2000-01-01&to=2010-01-07", method: .get) { response in
                #expect(response.status == .ok, "3,660 days is ten years")
            }
        }
    }
}
