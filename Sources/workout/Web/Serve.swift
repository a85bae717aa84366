#if Web
import ArgumentParser
import Foundation
import OpenHealthKit
import WorkoutClub
import WorkoutServer

/// `workout serve`: the store as a web app.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the store as a web app: the workout list, each workout's report, downloads, upload and delete, and a JSON API.",
        // The generated line ends in <subcommand>, but serving needs none: say both ways.
        usage: """
            workout serve [--bind <address>] [--port <port>] [--token <token>] [--public] [--store <path>] [--database <address>] [--secure-cookies] [--mbtiles <file>]
            workout serve users|tokens|groups <subcommand> [--database <address>] …
            """,
        discussion: """
            Listens on loopback (127.0.0.1) unless --bind names another address. Off loopback the server is private: \
            --token is required, and every request, reading included (the list, each workout, its track and files), \
            must carry it, as `Authorization: Bearer TOKEN` or by opening any page once with ?token=TOKEN (which sets a \
            cookie); --public lets anyone who reaches it read, and changes (upload, delete) still need the token. \
            On loopback, reading is open to this machine and changes need the token when one is given. The API: GET /api/workouts (?activity=, from=, to=, sort=, page=, limit=), \
            GET /api/workouts/ID, GET /api/workouts/ID/samples?type=heartRate, GET /api/workouts/ID/file?format=fit, \
            POST /api/workouts (a FIT, TCX or GPX file as the body), DELETE /api/workouts/ID. \
            A recording's live page is served by `workout record … --serve :8080`. Ctrl-C or SIGTERM stops.

            With --database, it serves a club instead: athletes log in, recorders send workouts with `workout sync` and \
            their own tokens, riders upload FIT, TCX and GPX files, and groups see what their members share. Make accounts, tokens and groups with the \
            users, tokens and groups subcommands. Put TLS in front of it with a reverse proxy (and --secure-cookies).
            """,
        subcommands: [ServeUsers.self, ServeTokens.self, ServeGroups.self]
    )

    @Option(help: ArgumentHelp("The address to listen on.", valueName: "address"))
    var bind = "127.0.0.1"

    @Option(help: ArgumentHelp("The port (0 picks a free one).", valueName: "port"))
    var port = 8080

    @Option(help: ArgumentHelp("A secret every request must carry off loopback (changes only, on loopback); required with any --bind but loopback.", valueName: "token"))
    var token: String?

    @Flag(name: .customLong("public"), help: "Off loopback, let anyone who reaches the server read the workouts without the token; changes still need it.")
    var isPublic = false

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var club: ClubDatabaseOptions

    @Flag(help: "Mark the club's session cookie Secure: for a server behind a TLS proxy.")
    var secureCookies = false

    @Option(help: ArgumentHelp("Serve this MBTiles file's map at /tiles/{z}/{x}/{y} and draw it under routes (a reader may choose otherwise in /settings): no page then asks another server for tiles.",
                               valueName: "file"))
    var mbtiles: String?

    @Option(help: ArgumentHelp("Club: Strava's address for forwarded rides (default https://www.strava.com), for a proxy or a test server.", valueName: "url"))
    var stravaServer: String?

    @Option(help: ArgumentHelp("Club: intervals.icu's address for forwarded rides (default https://intervals.icu).", valueName: "url"))
    var intervalsServer: String?

    @Option(help: .hidden)
    var forwardLook: Double = 5

    @Option(help: .hidden)
    var forwardPollInterval: Double = 2

    @Option(help: .hidden)
    var forwardRetryWait: Double = 30

    @Option(help: .hidden)
    var forwardLease: Double = 300

    @Option(help: .hidden)
    var forwardLostAnswerWait: Double = 120

    @Option(help: .hidden)
    var liveSafetyLook: Double = 15

    /// Where the club sends rides on to, and how often it looks.
    private func forwarding() throws -> ForwardingSettings {
        func address(_ text: String?, _ option: String) throws -> URL? {
            guard let text else { return nil }
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw ValidationError("\(option) \(text) is not an http:// or https:// address.")
            }
            return url
        }
        var settings = ForwardingSettings()
        if let url = try address(stravaServer, "--strava-server") { settings.stravaServer = url }
        if let url = try address(intervalsServer, "--intervals-server") { settings.intervalsServer = url }
        settings.look = .milliseconds(Int(max(forwardLook, 0.05) * 1000))
        settings.pollInterval = .milliseconds(Int(max(forwardPollInterval, 0.05) * 1000))
        settings.firstRetryWait = max(forwardRetryWait, 0)
        settings.lease = max(forwardLease, 1)
        settings.lostAnswerWait = max(forwardLostAnswerWait, 0)
        return settings
    }

    /// Where and how the server listens, with its own map when given one.
    private func configuration() throws -> WorkoutServer.Configuration {
        var configuration = club.database == nil ? WorkoutServer.Configuration(host: bind, port: port, token: token, isPublic: isPublic)
                                                  : WorkoutServer.Configuration(host: bind, port: port)
        if let mbtiles { configuration.offlineTiles = try MBTilesFile.open(mbtiles) }
        return configuration
    }

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        let configuration = WorkoutServer.Configuration(host: bind, port: port, token: token)
        if club.database != nil {
            if isPublic { throw ValidationError("--public is for the one-athlete server; a club's pages need a log-in or a token.") }
            if token != nil { throw ValidationError("--token is for the one-athlete server; a club's athletes have their own tokens (`workout serve tokens add`).") }
            if storeOptions.store != nil { throw ValidationError("--store and --database (or $OPENHEALTHKIT_DATABASE) name two different stores: give one.") }
            return
        }
        if !configuration.isLoopback, token == nil {
            throw ValidationError("--bind \(bind) lets other machines reach the store: give --token SECRET too, so that only those who know it can read or change it (add --public to let anyone read).")
        }
        if let token, token.count < 8 { throw ValidationError("--token must be at least 8 characters.") }
    }

    func run() async throws {
        if club.database != nil { return try await serveClub() }
        let store = try storeOptions.openExisting()
        let server = WorkoutServer(library: StoreCatalog(store: store), configuration: try configuration())
        let location = store.location
        do {
            try await server.run { url in
                FileHandle.standardOutput.write(Data("serving \(location) on \(url) (Ctrl-C stops)\n".utf8))
            }
        } catch {
            throw RecordingsError("cannot serve on \(bind):\(port): \(error). Is another server using the port? Give another --port.")
        }
    }

    private func serveClub() async throws {
        let configuration = try configuration()
        let opened = try await club.serverClub()
        var server = ClubServer(club: opened, configuration: configuration, secureCookies: secureCookies)
        server.forwarding = try forwarding()
        server.safetyLook = .milliseconds(Int(max(liveSafetyLook, 0.05) * 1000))
        let shown = opened.database.dialect == .postgres ? (opened.database as? PostgresClubDatabase)?.address.description ?? "PostgreSQL" : club.database ?? ""
        do {
            try await server.run { url in
                FileHandle.standardOutput.write(Data("serving the club in \(shown) on \(url) (Ctrl-C stops)\n".utf8))
            }
        } catch let error as ClubDatabaseError {
            await opened.database.close()
            throw RecordingsError("\(error)")
        } catch {
            await opened.database.close()
            throw RecordingsError("cannot serve on \(bind):\(port): \(error). Is another server using the port? Give another --port.")
        }
        await opened.database.close()
    }
}
#endif
