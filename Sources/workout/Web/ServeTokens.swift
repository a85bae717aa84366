#if Web
import ArgumentParser
import Foundation
import WorkoutClub

/// `workout serve tokens`: recorders' API tokens.
struct ServeTokens: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "Make, list and revoke the API tokens recorders sync with.",
        subcommands: [Add.self, List.self, Revoke.self]
    )

    /// `workout serve tokens add ATHLETE --label L`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a token for one of an athlete's recorders. The token is printed once: the server keeps only its hash.")
        @Argument(help: "The athlete's name.") var athlete: String
        @Option(help: ArgumentHelp("What the token is for, such as the recorder's name.", valueName: "label")) var label = "recorder"
        @Option(help: ArgumentHelp("Days until it stops working (never, if not given).", valueName: "days")) var expiresInDays: Int?
        @OptionGroup var database: ClubDatabaseOptions

        func validate() throws {
            if let expiresInDays, expiresInDays < 1 { throw ValidationError("--expires-in-days must be 1 or more.") }
        }

        func run() async throws {
            let issued = try await database.withClub { club in
                let owner = try await ClubDatabaseOptions.athlete(named: athlete, in: club)
                return try await club.issueToken(for: owner.id, label: label, expiresAt: expiresInDays.map { club.now().addingTimeInterval(Double($0) * 86_400) })
            }
            print(issued.secret)
            let until = issued.token.expiresAt.map { " until \($0.formatted(.iso8601))" } ?? ""
            FileHandle.standardError.write(Data("token \(issued.token.id) for \(athlete) (\(label))\(until); it is shown only now.\n".utf8))
        }
    }

    /// `workout serve tokens list ATHLETE`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List an athlete's tokens (never the secrets).")
        @Argument(help: "The athlete's name.") var athlete: String
        @OptionGroup var database: ClubDatabaseOptions

        func run() async throws {
            let (tokens, now) = try await database.withClub { club in
                (try await club.tokens(of: try await ClubDatabaseOptions.athlete(named: athlete, in: club).id), club.now())
            }
            for token in tokens {
                let state = token.revokedAt != nil ? "revoked" : token.isUsable(at: now) ? "usable" : "expired"
                print("\(token.id)\t\(token.label)\t\(state)\tmade \(token.createdAt.formatted(.iso8601))")
            }
        }
    }

    /// `workout serve tokens revoke ID`.
    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a token at once.")
        @Argument(help: "The token's number, from `tokens list`.") var id: Int64
        @OptionGroup var database: ClubDatabaseOptions

        func run() async throws {
            let revoked = try await database.withClub { try await $0.revokeToken(id) }
            guard revoked else { throw RecordingsError("No usable token has the number \(id); `workout serve tokens list ATHLETE` shows them.") }
            print("revoked token \(id)")
        }
    }
}
#endif
