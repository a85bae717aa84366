#if Web
import ArgumentParser
import Foundation
import RideUploads

/// `workout upload connect strava|intervals`: an account's credentials into the queue file.
struct UploadConnect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "connect",
        abstract: "Connect a Strava or intervals.icu account for uploads.",
        discussion: """
            Strava: create an application at https://www.strava.com/settings/api, then give its client id and \
            secret with either a refresh token that has the activity:write scope, or the code Strava adds to the \
            address it sends your browser back to (run without either to see the address to open). \
            intervals.icu: give the athlete id and API key from https://intervals.icu/settings. \
            The credentials are kept in the upload queue, readable by you alone.
            """
    )

    @Argument(help: ArgumentHelp("strava or intervals.", valueName: "service"))
    var service: UploadDestination

    @Option(help: ArgumentHelp("Strava: the application's client id.", valueName: "id"))
    var clientID: String?

    @Option(help: ArgumentHelp("Strava: the application's client secret (else $STRAVA_CLIENT_SECRET).", valueName: "secret"))
    var clientSecret: String?

    @Option(help: ArgumentHelp("Strava: a refresh token with the activity:write scope.", valueName: "token"))
    var refreshToken: String?

    @Option(help: ArgumentHelp("Strava: the authorization code from the address Strava sent the browser back to.", valueName: "code"))
    var code: String?

    @Option(help: ArgumentHelp("intervals.icu: the athlete id (i12345).", valueName: "id"))
    var athleteID: String?

    @Option(help: ArgumentHelp("intervals.icu: the API key (else $INTERVALS_API_KEY).", valueName: "key"))
    var apiKey: String?

    @Option(help: ArgumentHelp("The service's address, for a test server (default: the service's own).", valueName: "url"))
    var server: String?

    @Option(help: ArgumentHelp("The upload queue (default: beside the store).", valueName: "path"))
    var queue: String?

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let file = try UploadQueueFile(path: try UploadQueueFile.location(path: queue, store: storeOptions.location))
        let environment = ProcessInfo.processInfo.environment
        let address = try server.map { text in
            guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil else {
                throw ValidationError("--server \(text) is not an http:// or https:// address.")
            }
            return url
        }
        switch service {
        case .intervals:
            guard let athleteID, let key = apiKey ?? environment["INTERVALS_API_KEY"] else {
                throw ValidationError("intervals.icu needs --athlete-id and --api-key (or $INTERVALS_API_KEY), both on https://intervals.icu/settings.")
            }
            try file.keep(.intervals(IntervalsAccount(server: address ?? IntervalsAccount.defaultServer, athleteID: athleteID, apiKey: key)))
            print("connected intervals.icu athlete \(athleteID) in \(file.path)")
        case .strava:
            guard let clientID, let secret = clientSecret ?? environment["STRAVA_CLIENT_SECRET"] else {
                throw ValidationError("Strava needs --client-id and --client-secret (or $STRAVA_CLIENT_SECRET) of your application at https://www.strava.com/settings/api.")
            }
            var account = StravaAccount(server: address ?? StravaAccount.defaultServer, clientID: clientID, clientSecret: secret, refreshToken: refreshToken ?? "")
            guard refreshToken != nil || code != nil else {
                print("Open this address, allow the upload, and give the code in the address Strava sends you back to with --code:")
                print(account.authorizationURL().absoluteString)
                throw ExitCode(1)
            }
            do {
                // The tokens are checked now rather than at the first ride: a typo shows here.
                account = try await StravaClient().connect(account, code: code, now: Date())
            } catch {
                throw RecordingsError("Strava did not take these credentials: \(error)")
            }
            try file.keep(.strava(account))
            print("connected Strava\(account.athlete.map { " as \($0)" } ?? "") in \(file.path)")
        }
    }
}
#endif
