import Foundation
import Testing
import WorkoutFormats
import WorkoutServer
import WorkoutCatalog

@Suite("Workout list query")
struct WorkoutListQueryTests {
    @Test("reads filters, sort and page from the query string and writes them back")
    func roundTrip() throws {
        let query = try WorkoutListQuery(parameters: ["activity": "running", "from": "2026-05-01", "to": "2026-05-31", "sort": "-distance", "page": "3", "limit": "20"])
        #expect(query.activity == "running" && query.sort == .distance && query.descending && query.page == 3 && query.pageSize == 20)
        #expect(query.from == Date(timeIntervalSince1970: 1_777_593_600))
        #expect(query.to == Date(timeIntervalSince1970: 1_780_272_000))
        #expect(query.queryString() == "?activity=running&from=2026-05-01&to=2026-05-31&sort=-distance&page=3&limit=20")
        #expect(try WorkoutListQuery(parameters: [:]).queryString() == "")
    }

    @Test("names the parameter that cannot be used", arguments: [["sort": "sideways"], ["page": "0"], ["limit": "5000"], ["from": "May 1st"], ["to": "2026-13-01"],
                                                                   ["to": "2026-02-31"], ["page": "9223372036854775807"], ["from": "2026--05-01"]])
    func refusals(parameters: [String: String]) {
        do {
            _ = try WorkoutListQuery(parameters: parameters)
            Issue.record("\(parameters) was accepted")
        } catch {
            #expect(error.description.hasPrefix(parameters.keys.first! + "="))
        }
    }
}
