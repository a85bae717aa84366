import Foundation
import HealthKitModel
import Hummingbird
import Markup
import WorkoutCatalog
import WorkoutFormats
import WorkoutReport

/// Whether, and how, a request changes what a catalog holds: the proof a club asks for beyond who sent it.
enum CatalogChange: Sendable {
    /// The request only reads.
    case none
    /// A change through the API: a bearer token, or the session cookie with the `X-CSRF-Token` header.
    case api
    /// A change through a page's form, which carried `token` in its `csrf` field.
    case form(token: String?)
}

/// The workouts a server serves, as each request's sender may see them: what they may list, read, add and delete.
///
/// ``ServedStore`` is one athlete's HealthKit store, all of it open to whoever passes the server's access policy;
/// ``ServedClub`` is a club, where each athlete sees their own workouts and those their groups share.
/// ``WorkoutPageRoutes`` and ``WorkoutAPIRoutes`` serve either, so both servers answer the same paths in the
/// same way, and differ only where a club has more (accounts, the squad, comparisons, sync).
protocol ServedCatalog: Sendable {
    /// The request context the catalog's routes run in.
    associatedtype Context: RequestContext
    /// Who sent a request.
    associatedtype Viewer: Sendable
    /// A workout found by its identifier.
    associatedtype Entry: Sendable
    /// A workout as the list and the API write it.
    associatedtype Row: ListedWorkout

    /// Where the server listens, its time zone and upload limit.
    var configuration: WorkoutServer.Configuration { get }
    /// Whether workouts belong to several athletes: the list shows and filters by athlete.
    var hasAthletes: Bool { get }
    /// Whether a workout's title, notes and sport can be edited.
    var editsWorkouts: Bool { get }
    /// Most workouts on one page of the list.
    var largestPage: Int { get }

    /// Who sent `request`, or the refusal of a request without the proof `change` needs.
    func viewer(of request: Request, context: Context, change: CatalogChange) throws -> Viewer
    /// Every workout of `viewer`'s own (a store's all), for their history.
    func ownWorkouts(viewer: Viewer) async throws -> [WorkoutSummary]
    /// The page of workouts `filter` asks for that `viewer` may see.
    func list(_ filter: ListFilter, viewer: Viewer) async throws -> WorkoutList<Row>
    /// The workout `id` names, if `viewer` may see it; nil, as for one that does not exist, otherwise.
    func entry(_ id: String, viewer: Viewer) async throws -> Entry?
    /// The refusal of an identifier no workout the viewer may see has.
    func unknown(_ id: String) -> WebError
    /// The workout's figures.
    func summary(of entry: Entry) -> WorkoutSummary
    /// The whole workout: its records, laps, events and route.
    func activity(of entry: Entry) async throws -> Activity
    /// The workout as it is downloaded: its activity with the training figures of its athlete
    /// (``Activity/statingTraining(athlete:)``), as its page shows them.
    func downloadedActivity(of entry: Entry) async throws -> Activity
    /// The workout and how its report is drawn: its time zone, athlete and title.
    func report(of entry: Entry) async throws -> (activity: Activity, options: ReportOptions)
    /// The file the workout was imported from, if it was kept.
    func originalFile(of entry: Entry) async throws -> OriginalFile?
    /// The name of the file the workout was imported from, if it was kept, without reading its bytes.
    func originalFileName(of entry: Entry) async throws -> String?
    /// Whether `viewer` may delete the workout.
    func mayDelete(_ entry: Entry, viewer: Viewer) -> Bool
    /// Deletes the workout with everything recorded with it; false when `viewer` may not.
    func delete(_ entry: Entry, viewer: Viewer) async throws -> Bool
    /// Stores an uploaded file as a workout of `viewer`'s.
    ///
    /// - Throws: ``UploadError`` when the file cannot be read or its workout is stored already.
    func add(_ file: UploadedFile, viewer: Viewer) async throws -> Row
    /// The workout as the list writes it.
    func row(of entry: Entry) -> Row
    /// Links a workout's page has beyond downloads, editing and deleting (a club's comparison).
    func pageLinks(of entry: Entry) -> [ReportLink]
    /// The whole workout and the figures of its athlete on its day, from which its figures are computed, as its
    /// report computes them.
    func figuresSource(of entry: Entry) async throws -> (activity: Activity, athlete: AthleteFigures?)
    /// How many values each stored series holds, where the catalog stores series apart (a club); nil otherwise.
    func storedSeries(of entry: Entry) async throws -> [String: Int]?
    /// A whole page around `body`, with the navigation `viewer` has.
    func page(title: String, body: HTML, viewer: Viewer) -> HTML
    /// What the list says above its forms: who is logged in and their groups, in a club.
    func listIntroduction(viewer: Viewer) async throws -> HTML
    /// The hidden fields a page's forms carry for `viewer` (a club's CSRF token).
    func formFields(viewer: Viewer) -> HTML

    /// Who may see a workout: the choices this catalog offers (a store has no club).
    var visibilities: [WorkoutVisibility] { get }
    /// Who may see the workout, and its public link's token; nil when `viewer` may not change it (it is not theirs).
    func sharing(of entry: Entry, viewer: Viewer) async throws -> WorkoutSharing?
    /// Makes the workout `visibility` (one of ``visibilities``) and returns its sharing; nil when `viewer` may not.
    func setVisibility(_ visibility: WorkoutVisibility, of entry: Entry, viewer: Viewer) async throws -> WorkoutSharing?
    /// The public workout whose link holds `token`, as its athlete sees it; nil for any other token.
    func sharedEntry(_ token: String) async throws -> Entry?
}

/// Who may see a workout, and its public link.
struct WorkoutSharing: Codable, Sendable, Equatable {
    /// Who may see it.
    var visibility: WorkoutVisibility
    /// Its public link's path, `/shared/{token}`, when it is public.
    var link: String?

    init(visibility: WorkoutVisibility, token: String?) {
        self.visibility = visibility
        link = visibility == .public ? token.map { "/shared/\($0)" } : nil
    }
}

/// A workout in a list: its figures, and in a club whose it is.
protocol ListedWorkout: Codable, Sendable {
    /// The workout's figures.
    var summary: WorkoutSummary { get }
    /// Whose it is, where workouts have athletes.
    var listedAthlete: String? { get }
}

extension WorkoutSummary: ListedWorkout {
    /// The summary itself.
    var summary: WorkoutSummary { self }
    /// Nobody's in particular: a store holds one athlete's workouts.
    var listedAthlete: String? { nil }
}

/// A page of a list of workouts, as a catalog answers it.
struct WorkoutList<Row: ListedWorkout>: Sendable {
    /// The filters and order asked for.
    var filter: ListFilter
    /// The workouts on this page.
    var rows: [Row]
    /// How many match in all.
    var matching: Int
    /// Every activity the viewer's workouts have, for the filter.
    var activities: [String]
}

/// A file a workout was imported from, byte for byte.
struct OriginalFile: Sendable {
    /// Its bytes.
    var data: Data
    /// Its name as uploaded or imported.
    var name: String
    /// Its media type.
    var contentType: String
}
