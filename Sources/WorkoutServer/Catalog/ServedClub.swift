import HealthKitModel
import ClubArchive
import Foundation
import Hummingbird
import Markup
import WorkoutCatalog
import WorkoutClub
import WorkoutFormats
import WorkoutReport

/// A club as its server serves it: each athlete sees their own workouts and those their groups share, and
/// changes only their own. A workout another athlete does not share is refused as one that does not exist.
struct ServedClub: ServedCatalog {
    /// A club's workout, as the athlete who asked for it may see it.
    struct Entry: Sendable {
        /// The workout and whose it is.
        var workout: ClubWorkout
        /// The athlete who asked.
        var viewer: Int64
    }

    let club: Club
    let configuration: WorkoutServer.Configuration

    var hasAthletes: Bool { true }
    var editsWorkouts: Bool { false }
    var largestPage: Int { 500 }

    func viewer(of request: Request, context: ClubRequestContext, change: CatalogChange) throws -> ClubViewer {
        switch change {
        case .none: return try context.viewer(for: request)
        case .api: return try context.viewer(for: request, changing: true)
        case .form(let token):
            let viewer = try context.viewer(for: request)
            guard viewer.mayChange(request, formToken: token) else {
                throw WebError(.forbidden, title: "Refused", message: "This form is out of date or came from another site; reload the page and try again.")
            }
            return viewer
        }
    }

    func list(_ filter: ListFilter, viewer: ClubViewer) async throws -> WorkoutList<ClubWorkout> {
        let query = filter.query
        let (page, matching) = try await club.workouts(visibleTo: viewer.athlete.id, activity: query.activity, athleteName: filter.athlete, from: query.from,
                                                       to: query.to, order: ClubListOrder(query.sort, descending: query.descending), limit: query.pageSize,
                                                       offset: (query.page - 1) * query.pageSize)
        return WorkoutList(filter: filter, rows: page, matching: matching, activities: try await club.activities(visibleTo: viewer.athlete.id))
    }

    func entry(_ id: String, viewer: ClubViewer) async throws -> Entry? {
        if let uuid = UUID(uuidString: id) {
            return try await club.workout(uuid, visibleTo: viewer.athlete.id).map { Entry(workout: $0, viewer: viewer.athlete.id) }
        }
        guard let prefix = ShortIdentifier(id) else { return nil }
        return try await club.workout(startingWith: prefix, visibleTo: viewer.athlete.id).map { Entry(workout: $0, viewer: viewer.athlete.id) }
    }

    func unknown(_ id: String) -> WebError {
        WebError(.notFound, title: "No such workout", message: "No workout you may see has the identifier '\(id)'; the list at / shows yours and those shared with you.")
    }

    func summary(of entry: Entry) -> WorkoutSummary { entry.workout.summary }

    /// The workout's archive, read again in case it was deleted since it was found.
    func archive(of entry: Entry) async throws -> WorkoutArchive {
        guard let uuid = UUID(uuidString: entry.workout.summary.id), let archive = try await club.archive(uuid, visibleTo: entry.viewer) else {
            throw unknown(entry.workout.summary.id)
        }
        return archive
    }

    func activity(of entry: Entry) async throws -> Activity {
        try await archive(of: entry).activity
    }

    func downloadedActivity(of entry: Entry) async throws -> Activity {
        Self.downloadedActivity(try await archive(of: entry))
    }

    /// A club workout as it is handed out (downloaded, or sent on to another service): its activity with its
    /// athlete's training figures on its date.
    static func downloadedActivity(_ archive: WorkoutArchive) -> Activity {
        archive.activity.statingTraining(athlete: archive.athlete)
    }

    func report(of entry: Entry) async throws -> (activity: Activity, options: ReportOptions) {
        let archive = try await archive(of: entry)
        var options = ReportOptions()
        options.defaultTimeZone = configuration.timeZone
        options.title = "\(entry.workout.athleteName): \(ActivityWords.name(of: entry.workout.summary.activity, legs: entry.workout.summary.legs))"
        if let athlete = archive.athlete { options.use(athlete) }
        return (archive.activity, options)
    }

    /// None: a club keeps the archive a recorder sent or an upload became, not the file.
    func originalFile(of entry: Entry) async throws -> OriginalFile? { nil }

    func originalFileName(of entry: Entry) async throws -> String? { nil }

    func mayDelete(_ entry: Entry, viewer: ClubViewer) -> Bool { entry.workout.athleteID == viewer.athlete.id }

    func delete(_ entry: Entry, viewer: ClubViewer) async throws -> Bool {
        guard let uuid = UUID(uuidString: entry.workout.summary.id) else { return false }
        return try await club.deleteWorkout(uuid, owner: viewer.athlete.id)
    }

    /// Stores the file's workout as `viewer`'s; a workout they have already (the same activity starting the
    /// same second, sent by a recorder or uploaded before) is refused as a duplicate.
    func add(_ file: UploadedFile, viewer: ClubViewer) async throws -> ClubWorkout {
        let archive = try await ClubUpload.archive(of: file, owner: viewer.athlete.id)
        let summary = archive.summary
        if let existing = try await club.workout(ownedBy: viewer.athlete.id, activity: summary.activity, startingAt: summary.start) {
            throw UploadError.duplicate(existing.summary.id)
        }
        switch try await club.store(archive, owner: viewer.athlete.id) {
        case .stored: break
        case .alreadyStored, .ownedByAnother: throw UploadError.duplicate(archive.id.uuidString)
        }
        guard let workout = try await club.workout(archive.id, visibleTo: viewer.athlete.id) else { throw unknown(archive.id.uuidString) }
        return workout
    }

    func row(of entry: Entry) -> ClubWorkout { entry.workout }

    /// A club's workout is compared with another from its page.
    func pageLinks(of entry: Entry) -> [ReportLink] { [ReportLink(title: "Compare with…", url: "/compare?a=\(entry.workout.summary.id)")] }

    func ownWorkouts(viewer: ClubViewer) async throws -> [WorkoutSummary] {
        try await club.workouts(visibleTo: viewer.athlete.id, athleteName: viewer.athlete.name, limit: Int(Int32.max)).page
            .filter { $0.athleteID == viewer.athlete.id }.map(\.summary)
    }

    func figuresSource(of entry: Entry) async throws -> (activity: Activity, athlete: AthleteFigures?) {
        let archive = try await archive(of: entry)
        return (archive.activity, archive.athlete)
    }

    /// The club stores each series apart: how many values each holds, the check that nothing was cut off.
    func storedSeries(of entry: Entry) async throws -> [String: Int]? {
        guard let uuid = UUID(uuidString: entry.workout.summary.id) else { throw unknown(entry.workout.summary.id) }
        return Dictionary(uniqueKeysWithValues: try await club.seriesCounts(of: uuid).map { ($0.key.rawValue, $0.value) })
    }

    func page(title: String, body: HTML, viewer: ClubViewer) -> HTML {
        ClubPage.layout(title: title, body: body, csrf: viewer.csrfToken)
    }

    func listIntroduction(viewer: ClubViewer) async throws -> HTML {
        let groups = try await club.groups(of: viewer.athlete.id).map { group -> HTML in
            "<a href=\"/squad?group=\(group.name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")\">\(group.name)</a>"
        }
        return "<p>Logged in as <strong id=\"athlete-name\">\(viewer.athlete.name)</strong>.\(groups.isEmpty ? .empty : " Groups: \(groups.joined(separator: ", ")).")</p>"
    }

    func formFields(viewer: ClubViewer) -> HTML {
        viewer.csrfToken.map { "<input type=\"hidden\" name=\"csrf\" value=\"\($0)\">" } ?? .empty
    }

    var visibilities: [WorkoutVisibility] { WorkoutVisibility.allCases }

    func sharing(of entry: Entry, viewer: ClubViewer) async throws -> WorkoutSharing? {
        guard let uuid = UUID(uuidString: entry.workout.summary.id), let found = try await club.visibility(of: uuid, owner: viewer.athlete.id) else { return nil }
        return WorkoutSharing(visibility: found.visibility, token: found.token)
    }

    func setVisibility(_ visibility: WorkoutVisibility, of entry: Entry, viewer: ClubViewer) async throws -> WorkoutSharing? {
        guard let uuid = UUID(uuidString: entry.workout.summary.id),
              let changed = try await club.setVisibility(visibility, of: uuid, owner: viewer.athlete.id) else { return nil }
        return WorkoutSharing(visibility: changed.visibility, token: changed.token)
    }

    /// Read as its athlete reads it: the link is their leave to show it.
    func sharedEntry(_ token: String) async throws -> Entry? {
        try await club.workout(sharedBy: token).map { Entry(workout: $0, viewer: $0.athleteID) }
    }
}

extension ClubWorkout: ListedWorkout {
    /// The athlete's name.
    var listedAthlete: String? { athleteName }
}
