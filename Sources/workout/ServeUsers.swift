import ArgumentParser
import Foundation
import WorkoutClub

/// `workout serve users`: a club server's accounts.
struct ServeUsers: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "Create and list a club server's athletes.",
        subcommands: [Add.self, List.self, Password.self]
    )

    /// `workout serve users add NAME`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create an athlete's account; the password is read from the terminal (not echoed) or, with --password-stdin, from a line of standard input.")

        @Argument(help: "The name they log in with.") var name: String
        @Flag(help: "May manage other accounts.") var admin = false
        @Flag(help: "Read the password from standard input's first line instead of asking.") var passwordStdin = false
        @OptionGroup var database: ClubDatabaseOptions

        func run() async throws {
            let password = try PasswordPrompt.read("Password for \(name): ", fromStandardInput: passwordStdin)
            let club = try await database.openClub()
            defer { Task { await club.database.close() } }
            do {
                let athlete = try await club.addAthlete(name: name, password: password, isAdmin: admin)
                print("added athlete \(athlete.id) \(athlete.name)\(athlete.isAdmin ? " (admin)" : "")")
            } catch let error as ClubError { throw RecordingsError(error.description) }
            await club.database.close()
        }
    }

    /// `workout serve users list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the athletes.")
        @OptionGroup var database: ClubDatabaseOptions

        func run() async throws {
            let club = try await database.openClub()
            for athlete in try await club.athletes() { print("\(athlete.id)\t\(athlete.name)\(athlete.isAdmin ? "\tadmin" : "")") }
            await club.database.close()
        }
    }

    /// `workout serve users password NAME`.
    struct Password: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Set an athlete's password.")
        @Argument(help: "The athlete's name.") var name: String
        @Flag(help: "Read the password from standard input's first line instead of asking.") var passwordStdin = false
        @OptionGroup var database: ClubDatabaseOptions

        func run() async throws {
            let password = try PasswordPrompt.read("New password for \(name): ", fromStandardInput: passwordStdin)
            let club = try await database.openClub()
            guard let athlete = try await club.athlete(named: name) else {
                await club.database.close()
                throw RecordingsError("No athlete is named '\(name)'; `workout serve users list` shows them.")
            }
            do { try await club.setPassword(of: athlete.id, to: password) } catch let error as ClubError { throw RecordingsError(error.description) }
            print("changed the password of \(athlete.name)")
            await club.database.close()
        }
    }
}
