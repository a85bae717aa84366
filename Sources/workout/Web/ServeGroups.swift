#if Web
import ArgumentParser
import Foundation
import WorkoutClub

/// `workout serve groups`: clubs, squads and coaches' groups.
struct ServeGroups: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "groups",
        abstract: "Make groups and put athletes in them; members see the workouts of those who share.",
        subcommands: [Add.self, Join.self]
    )

    /// `workout serve groups add NAME`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Make a group.")
        @Argument(help: "The group's name.") var name: String
        @OptionGroup var database: ClubDatabaseOptions

        func run() async throws {
            let group = try await database.withClub { try await $0.addGroup(named: name) }
            print("added group \(group.id) \(group.name)")
        }
    }

    /// `workout serve groups join GROUP ATHLETE`.
    struct Join: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Put an athlete in a group, or change their role and sharing there.")
        @Argument(help: "The group's name.") var group: String
        @Argument(help: "The athlete's name.") var athlete: String
        @Flag(help: "As the group's coach.") var coach = false
        @Flag(help: "Share the athlete's workouts with the group's members.") var share = false
        @OptionGroup var database: ClubDatabaseOptions

        func run() async throws {
            try await database.withClub { club in
                guard let found = try await club.group(named: group) else {
                    throw RecordingsError("No group is named '\(group)'; make it with `workout serve groups add \(shellQuoted(group))`.")
                }
                let member = try await ClubDatabaseOptions.athlete(named: athlete, in: club)
                try await club.join(found.id, athlete: member.id, role: coach ? .coach : .member, sharesWorkouts: share)
            }
            print("\(athlete) is a \(coach ? "coach" : "member") of \(group)\(share ? ", sharing their workouts" : "")")
        }
    }
}
#endif
