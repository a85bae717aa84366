import ArgumentParser
import Foundation
import OpenHealthKit
import WorkoutServer

/// `workout serve`: the store as a web app.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the store as a web app: the workout list, each workout's report, downloads, upload and delete, and a JSON API.",
        discussion: """
            Listens on loopback (127.0.0.1) unless --bind names another address; then --token is required, and every \
            request that changes data (upload, delete) must carry it, as `Authorization: Bearer TOKEN` or by opening \
            any page once with ?token=TOKEN. The API: GET /api/workouts (?activity=, from=, to=, sort=, page=, limit=), \
            GET /api/workouts/ID, GET /api/workouts/ID/samples?type=heartRate, GET /api/workouts/ID/file?format=fit, \
            POST /api/workouts (a FIT, TCX or GPX file as the body), DELETE /api/workouts/ID. \
            A recording's live page is served by `workout record … --serve :8080`. Ctrl-C or SIGTERM stops.
            """
    )

    @Option(help: ArgumentHelp("The address to listen on.", valueName: "address"))
    var bind = "127.0.0.1"

    @Option(help: ArgumentHelp("The port (0 picks a free one).", valueName: "port"))
    var port = 8080

    @Option(help: ArgumentHelp("A secret that requests changing data must carry; required with any --bind but loopback.", valueName: "token"))
    var token: String?

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        let configuration = WorkoutServer.Configuration(host: bind, port: port, token: token)
        if !configuration.isLoopback, token == nil {
            throw ValidationError("--bind \(bind) lets other machines reach the store: give --token SECRET too, so that only those who know it can change data.")
        }
        if let token, token.count < 8 { throw ValidationError("--token must be at least 8 characters.") }
    }

    func run() async throws {
        let store = try storeOptions.openExisting()
        let server = WorkoutServer(library: WorkoutLibrary(store: store), configuration: .init(host: bind, port: port, token: token))
        let location = store.location
        do {
            try await server.run { url in
                FileHandle.standardOutput.write(Data("serving \(location) on \(url) (Ctrl-C stops)\n".utf8))
            }
        } catch {
            throw RecordingsError("cannot serve on \(bind):\(port): \(error). Is another server using the port? Give another --port.")
        }
    }
}
