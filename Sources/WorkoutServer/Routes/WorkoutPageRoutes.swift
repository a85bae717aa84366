import Foundation
import HealthKitModel
import Hummingbird
import Markup
import WorkoutCatalog
import WorkoutFormats
import WorkoutReport

/// The pages both servers share, over any catalog: the list, a workout's report, its downloads, delete and upload.
struct WorkoutPageRoutes<Catalog: ServedCatalog> {
    let catalog: Catalog

    /// The pages, as a route collection.
    var routes: RouteCollection<Catalog.Context> {
        let routes = RouteCollection(context: Catalog.Context.self)
        routes.get("/") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .none)
            let filter = try catalog.listFilter(request, refusedAs: "This list cannot be shown")
            let list = try await catalog.list(filter, viewer: viewer)
            let settings = DisplaySettings(request)
            let body = WorkoutListPage(list: list, hasAthletes: catalog.hasAthletes, introduction: try await catalog.listIntroduction(viewer: viewer),
                                       formFields: catalog.formFields(viewer: viewer), readerTimeZone: settings.timeZone, timeZone: catalog.configuration.timeZone,
                                       units: settings.units).render()
            return ServerResponse.html(catalog.page(title: "Workouts", body: body, viewer: viewer))
        }
        routes.get("/workouts/:id") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .none)
            let entry = try await catalog.require(context, viewer: viewer)
            // A short identifier finds the workout; the page lives at its full one, whose links are relative to it.
            let id = catalog.summary(of: entry).id
            if try context.parameters.require("id") != id { return ServerResponse.redirect(to: "/workouts/\(id)") }
            return try await report(entry, settings: DisplaySettings(request), links: try await links(entry, viewer: viewer))
        }
        routes.get("/workouts/:id/download/:format") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .none)
            return try await catalog.download(try await catalog.require(context, viewer: viewer), format: try context.parameters.require("format"))
        }
        routes.get("/workouts/:id/delete") { request, context in
            let viewer = try catalog.viewer(of: request, context: context, change: .none)
            let entry = try await catalog.require(context, viewer: viewer)
            guard catalog.mayDelete(entry, viewer: viewer) else { throw catalog.unknown(try context.parameters.require("id")) }
            let summary = catalog.summary(of: entry)
            return ServerResponse.html(catalog.page(title: "Delete this workout?", body: ServerPage.confirmDelete(summary, formFields: catalog.formFields(viewer: viewer)),
                                                    viewer: viewer))
        }
        routes.post("/workouts/:id/delete") { request, context in
            _ = try catalog.viewer(of: request, context: context, change: .none)
            let form = try await PageForm.read(request)
            let viewer = try catalog.viewer(of: request, context: context, change: .form(token: form.csrf))
            let entry = try await catalog.require(context, viewer: viewer)
            guard try await catalog.delete(entry, viewer: viewer) else { throw catalog.unknown(try context.parameters.require("id")) }
            return ServerResponse.redirect(to: "/")
        }
        routes.post("/upload") { request, context in
            _ = try catalog.viewer(of: request, context: context, change: .none)
            let file = try await UploadedFile.read(request, limit: catalog.configuration.uploadLimit).get()
            let viewer = try catalog.viewer(of: request, context: context, change: .form(token: file.fields["csrf"]))
            let row = try await catalog.upload(file, viewer: viewer)
            return ServerResponse.redirect(to: "/workouts/\(row.summary.id)")
        }
        return routes
    }

    /// The links of a workout's page: its downloads, and what the viewer may do with it.
    func links(_ entry: Catalog.Entry, viewer: Catalog.Viewer) async throws -> [ReportLink] {
        let base = "/workouts/\(catalog.summary(of: entry).id)"
        return [ReportLink(title: "← All workouts", url: "/")]
            + ActivityFileFormat.allCases.map { ReportLink(title: "Download \($0.rawValue.uppercased())", url: "\(base)/download/\($0)") }
            + (try await catalog.originalFileName(of: entry).map { [ReportLink(title: "Download original (\($0))", url: "\(base)/download/original")] } ?? [])
            + (catalog.editsWorkouts ? [ReportLink(title: "Edit…", url: "\(base)/edit")] : [])
            + (try await catalog.sharing(of: entry, viewer: viewer).map { [ReportLink(title: "Sharing: \($0.visibility.rawValue)…", url: "\(base)/sharing")] } ?? [])
            + catalog.pageLinks(of: entry)
            + (catalog.mayDelete(entry, viewer: viewer) ? [ReportLink(title: "Delete…", url: "\(base)/delete")] : [])
    }

    /// The workout's report with `links` above it (none on a public link's page).
    func report(_ entry: Catalog.Entry, settings: DisplaySettings, links: [ReportLink]) async throws -> Response {
        var (activity, options) = try await catalog.report(of: entry)
        // The reader's units and time zone (`/settings`), over the workout's own zone.
        options.units = settings.units
        if let zone = settings.timeZone { options.timeZone = zone }
        if let tiles = settings.tiles(served: catalog.configuration.offlineTiles) {
            options.tiles = tiles.template
            options.tileZooms = tiles.zooms
            if let credit = tiles.attribution { options.tileAttribution = credit }
        }
        options.links = links
        let (drawn, report) = (activity, options)
        return ServerResponse.html(try await Rendering.run { WorkoutReport(activity: drawn, options: report).page })
    }
}

extension ServedCatalog {
    /// The list's filters `request` asks for, or a 400 titled `title` naming the parameter that cannot be read.
    func listFilter(_ request: Request, refusedAs title: String) throws -> ListFilter {
        do throws(WorkoutListQueryError) {
            return try ListFilter(request, largestPage: largestPage, readsAthlete: hasAthletes)
        } catch {
            throw WebError.badRequest(title, error.description)
        }
    }

    /// The workout the route's `:id` names, if the viewer may see it; else the 404 of one that does not exist.
    func require(_ context: Context, viewer: Viewer) async throws -> Entry {
        let id = try context.parameters.require("id")
        guard let entry = try await entry(id, viewer: viewer) else { throw unknown(id) }
        return entry
    }

    /// The workout as a FIT, TCX or GPX file, or as the file it was imported from (`original`).
    func download(_ entry: Entry, format name: String) async throws -> Response {
        let summary = summary(of: entry)
        if name.lowercased() == "original" {
            guard let original = try await originalFile(of: entry) else {
                throw WebError(.notFound, title: "No original file",
                               message: "Workout \(summary.id) keeps no original file: it was recorded, sent by a recorder, or imported before files were kept; download it as fit, tcx or gpx.")
            }
            return ServerResponse.file(original.data, name: original.name, contentType: original.contentType)
        }
        guard let format = ActivityFileFormat(rawValue: name.lowercased()) else {
            throw WebError(.notFound, title: "No such format", message: "'\(name)' is not a format workouts download as; use fit, tcx, gpx or original.")
        }
        let activity = try await downloadedActivity(of: entry)
        let data = try await Rendering.run { try DownloadedFile.data(activity, as: format) }
        return ServerResponse.activityFile(data, format: format, baseName: summary.fileBaseName)
    }

    /// Stores an uploaded file: 409 for a workout stored already, 422 for a file that cannot be read.
    func upload(_ file: UploadedFile, viewer: Viewer) async throws -> Row {
        do {
            return try await add(file, viewer: viewer)
        } catch let error as UploadError {
            switch error {
            case .duplicate(let id): throw UploadedFile.Failure(status: .conflict, message: error.description, existing: id)
            case .unreadable, .missingFile: throw UploadedFile.Failure(status: .unprocessableContent, message: error.description)
            }
        } catch let error as HKError {
            // The store refused what the file holds (a duration beyond HealthKit's limits, a date out of range):
            // the file's fault, said with its name, never an empty 500.
            throw UploadedFile.Failure(status: .unprocessableContent, message: "\(file.name) cannot be stored: \(error.localizedDescription)")
        }
    }
}

/// A page form's fields, read with Hummingbird's form decoder: the CSRF token a club's forms carry.
struct PageForm: Decodable {
    /// The page's CSRF token.
    var csrf: String?

    /// The form `request` carries (at most 64 KB); an unreadable one is a 400.
    static func read(_ request: Request) async throws -> PageForm {
        try await decode(PageForm.self, from: request)
    }

    /// A form of type `Form` from `request`'s `application/x-www-form-urlencoded` body (at most 64 KB).
    static func decode<Form: Decodable>(_ type: Form.Type, from request: Request) async throws -> Form {
        let body = try await request.collectBody(upTo: 64 << 10, what: "The form")
        do { return try URLEncodedFormDecoder().decode(Form.self, from: String(buffer: body)) } catch {
            throw WebError.badRequest("This form cannot be read", "Reload the page and try again.")
        }
    }
}
