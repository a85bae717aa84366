#if Web
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
            let athlete = try await database.withClub { try await $0.addAthlete(name: name, password: password, isAdmin: admin) }
            print("added athlete \(athlete.id) \(athlete.name)\(athlete.isAdmin ? " (admin)" : "")")
        }
    }

    /// `workout serve users list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the athletes.")
        @OptionGroup var database: ClubDatabaseOptions

        func run() async throws {
            for athlete in try await database.withClub({ try await $0.athletes() }) {
                print("\(athlete.id)\t\(athlete.name)\(athlete.isAdmin ? "\tadmin" : "")")
            }
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
            try await database.withClub { club in
                let athlete = try await ClubDatabaseOptions.athlete(named: name, in: club)
                try await club.setPassword(of: athlete.id, to: password)
            }
            print("changed the password of \(name)")
        }
    }
}
#endif
