import ArgumentParser
import CourseGuidance
import Foundation
import WorkoutFormats

/// `workout course show|follow`: a course's length and climbs, and a recorded ride followed along it fix by fix.
struct CourseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "course",
        abstract: "Read a course (a FIT, TCX or GPX course, or any activity's track), follow a ride along it, and write it for a head unit.",
        subcommands: [Show.self, Follow.self, Export.self, Import.self, List.self]
    )

    /// The course a file draws: a GPX, TCX or FIT course with its waypoints or course points as cues (no times
    /// needed), else any activity file's track.
    static func course(_ path: String) throws -> Course {
        do { return try Course(contentsOf: URL(fileURLWithPath: path)) } catch { throw RecordingsError(error.description + ".") }
    }

    /// The course `nameOrPath` names: a file there, else a course kept in the store's library (`course import`).
    static func course(_ nameOrPath: String, store: StoreOptions) throws -> Course {
        if FileManager.default.fileExists(atPath: nameOrPath) { return try course(nameOrPath) }
        return try CourseLibrary(store: store.location).course(named: nameOrPath)
    }

    /// `workout course import FILE`.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Keep a course beside the store, by name, for `record --course NAME` and the other course commands.")

        @Argument(help: ArgumentHelp("The course: a FIT, TCX or GPX course, or any activity.", valueName: "file"))
        var file: String

        @Option(help: ArgumentHelp("The name to keep it by (default: the course's own, else the file's).", valueName: "name"))
        var name: String?

        @Flag(help: "Replace a course kept under the same name.")
        var replace = false

        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            let course = try CourseCommand.course(file)
            let name = name ?? course.name ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            let kept = try CourseLibrary(store: storeOptions.location).keep(course, as: name, replacing: replace)
            print("Kept \(name): \(String(format: "%.2f km", course.length / 1_000)), \(course.cues.count) cues, as \(kept.path)")
        }
    }

    /// `workout course list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the courses kept beside the store.")

        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            let library = try CourseLibrary(store: storeOptions.location)
            let courses = library.courses()
            guard !courses.isEmpty else { return print("No course kept yet: `workout course import FILE` keeps one.") }
            printTable(header: ["NAME", "LENGTH", "CUES", "CLIMBS"], rows: courses.map { kept in
                guard let course = kept.course else { return [kept.name, "unreadable", "", kept.file.path] }
                return [kept.name, String(format: "%.2f km", course.length / 1_000), String(course.cues.count), String(Climb.climbs(of: course).count)]
            })
        }
    }

    /// `workout course show FILE`: the course's length and its climbs.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Say a course's length and its climbs (length × grade ≥ 8,000, smoothed over 250 m).")

        @Argument(help: ArgumentHelp("The course: a FIT, TCX or GPX course or track, or the name of a course kept (`course import`).", valueName: "course"))
        var file: String

        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            let course = try CourseCommand.course(file, store: storeOptions)
            print("\(course.name ?? URL(fileURLWithPath: file).lastPathComponent): \(String(format: "%.2f km", course.length / 1_000)), \(course.points.count) points, \(course.cues.count) cues")
            for cue in course.cues {
                print(String(format: "  cue    %6.2f km  %@", cue.distance / 1_000, cue.kind.rawValue) + (cue.name.map { "  \($0)" } ?? ""))
            }
            let climbs = Climb.climbs(of: course)
            if climbs.isEmpty { print("  no climb scores 8,000 (length in m × grade in %)") }
            for climb in climbs {
                print(String(format: "  climb  %6.2f–%6.2f km  %5.2f km at %4.1f %%  +%.0f m  score %.0f  category %@",
                             climb.start / 1_000, climb.end / 1_000, climb.length / 1_000, climb.grade, climb.gain, climb.score, climb.category))
            }
        }
    }

    /// `workout course export FILE --to fit|gpx`.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a course as a FIT course file (Garmin and other head units: turns and points as course points) or GPX (a track and waypoints).")

        enum Format: String, ExpressibleByArgument, CaseIterable { case fit, gpx }

        @Argument(help: ArgumentHelp("The course: a FIT, TCX or GPX course, any activity, or the name of a course kept.", valueName: "course"))
        var file: String

        @Option(name: .customLong("to"), help: "The format to write.")
        var format: Format = .fit

        @Option(name: .shortAndLong, help: ArgumentHelp("Where to write it (default: the course's name with the format's extension).", valueName: "path"))
        var output: String?

        @OptionGroup var storeOptions: StoreOptions

        @Option(help: ArgumentHelp("The speed the FIT file's times assume, in km/h (devices want times; a virtual partner rides at it).", valueName: "km/h"))
        var speed: Double = 25

        func validate() throws {
            if !(1...100).contains(speed) { throw ValidationError("--speed must be between 1 and 100 km/h.") }
        }

        func run() async throws {
            let course = try CourseCommand.course(file, store: storeOptions)
            let data: Data = switch format {
            case .fit: course.fitData(start: Date(), speed: speed / 3.6)
            case .gpx: Data(course.gpxText.utf8)
            }
            let path = try writeNamedFile(data, name: course.name ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent,
                                          fileExtension: format.rawValue, output: output)
            print("Wrote \(path): \(String(format: "%.2f km", course.length / 1_000)), \(course.points.count) points, \(course.cues.count) cues")
        }
    }

    /// `workout course follow COURSE RIDE`: where a recorded ride left and rejoined the course.
    struct Follow: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Follow a recorded ride along a course, fix by fix, as a recording would: where it left the course and came back.",
            discussion: "Exit status 1 when the ride ends off the course.")

        @Argument(help: ArgumentHelp("The course: a FIT, TCX or GPX course or track, or the name of a course kept.", valueName: "course"))
        var courseFile: String

        @OptionGroup var storeOptions: StoreOptions

        @Argument(help: ArgumentHelp("The ride: a FIT, TCX or GPX activity.", valueName: "ride"))
        var rideFile: String

        func run() async throws {
            let course = try CourseCommand.course(courseFile, store: storeOptions)
            let ride = try readActivityFile(rideFile)
            var matcher = CourseMatcher(course: course)
            let records = ride.records.filter(\.hasPosition).sorted { $0.date < $1.date }
            guard let start = records.first?.date else { throw RecordingsError("\(rideFile): the ride has no positions to follow.") }
            var last: CourseMatcher.Position?
            var previous: ActivityRecord?
            for record in records {
                let time = record.date.timeIntervalSince(start)
                // The heading from the last fix when the rider moved a few metres since; none when standing.
                var heading: Double?
                if let previous, let from = previous.latitude, let fromLongitude = previous.longitude, let moved = previous.distanceTo(record), moved > 3 {
                    heading = CourseMatcher.bearing(fromLatitude: from, longitude: fromLongitude, toLatitude: record.latitude!, longitude: record.longitude!)
                }
                let position = matcher.match(latitude: record.latitude!, longitude: record.longitude!, heading: heading, at: time)
                switch position.event {
                case .offCourse(let distance, let bearing):
                    print(String(format: "%@  off course at %.2f km: %.0f m away, back on %.0f°", clockText(time), position.distanceAlong / 1_000, distance, bearing))
                case .backOnCourse:
                    print(String(format: "%@  back on course at %.2f km", clockText(time), position.distanceAlong / 1_000))
                case nil: break
                }
                last = position
                if heading != nil || previous == nil { previous = record }
            }
            guard let last else { return }
            print(String(format: "end  %@ at %.2f km of %.2f km, %.2f km to go", last.onCourse ? "on course" : "off course", last.distanceAlong / 1_000,
                         course.length / 1_000, last.distanceToGo / 1_000))
            if !last.onCourse { throw ExitCode(1) }
        }
    }
}

private extension ActivityRecord {
    /// Metres to `other` on a local plane: enough to tell a rider moved.
    func distanceTo(_ other: ActivityRecord) -> Double? {
        guard let a = latitude, let b = longitude, let c = other.latitude, let d = other.longitude else { return nil }
        return LocalPlane(latitude: a).distance(fromLatitude: a, longitude: b, toLatitude: c, longitude: d)
    }

}
