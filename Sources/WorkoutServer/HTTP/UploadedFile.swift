import Foundation
import HTTPForms
import Hummingbird
import WorkoutFormats

/// A FIT, TCX or GPX file a request carries: a page form's `file` field
/// (`multipart/form-data`), or the whole body, named by `?filename=`.
struct UploadedFile {
    /// The file's bytes.
    var data: Data
    /// The file's name as sent; its extension names the format, else the bytes do.
    var name: String
    /// The form's other fields as text (a page's CSRF token, the sport), when it came from a form.
    var fields: [String: String]
    /// The sport the uploader named: the form's `activity` field, or `?activity=` with a file as the body.
    var sport: String?
    /// Whether what can be read of a damaged file is kept: the form's `salvage` box, or `?salvage=true`.
    var salvage = false

    /// Why an upload was refused, as a status and a message.
    struct Failure: HTTPResponseError {
        var status: HTTPResponse.Status
        var message: String
        /// The workout stored already, for a duplicate: the page links it.
        var existing: String? = nil

        func response(api: Bool) -> Response {
            let link = existing.map { (title: "Open the workout stored already", url: "/workouts/\($0)") }
            return ServerResponse.error(status, api: api, title: status == .conflict ? "Already stored" : "This file was not stored", message: message, link: link)
        }

        /// The failure as the request's kind of client reads it.
        func response(from request: Request, context: some RequestContext) throws -> Response { response(api: WebError.isAPI(request)) }
    }

    /// Reads the file `request` carries, at most `limit` bytes.
    static func read(_ request: Request, limit: Int) async -> Result<UploadedFile, Failure> {
        let body: ByteBuffer
        do { body = try await request.body.collect(upTo: limit) } catch {
            return .failure(Failure(status: .contentTooLarge, message: "The upload is larger than \(limit >> 20) MB, more than any activity file needs."))
        }
        var file = UploadedFile(data: Data(body.readableBytesView), name: request.uri.queryParameters["filename"].map(String.init) ?? "upload", fields: [:],
                                sport: request.uri.queryParameters["activity"].map(String.init))
        file.salvage = Self.isTicked(request.uri.queryParameters["salvage"].map(String.init))
        if let contentType = request.headers[.contentType], contentType.lowercased().hasPrefix("multipart/") {
            guard let boundary = MultipartForm.boundary(contentType: contentType) else {
                return .failure(Failure(status: .badRequest, message: "The form's Content-Type names no boundary; upload the file with the page's form."))
            }
            do {
                let form = try MultipartForm(body: file.data, boundary: boundary)
                guard let part = form.part(named: "file"), !part.data.isEmpty else {
                    return .failure(Failure(status: .badRequest, message: "The form carried no file: choose a .fit, .tcx or .gpx file, then Upload."))
                }
                file.data = part.data
                file.name = part.filename.flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0).lastPathComponent } ?? file.name
                for field in form.parts where field.filename == nil && field.name != "file" {
                    file.fields[field.name] = String(decoding: field.data, as: UTF8.self)
                }
                if let named = file.fields["activity"], !named.isEmpty { file.sport = named }
                if Self.isTicked(file.fields["salvage"]) { file.salvage = true }
            } catch {
                return .failure(Failure(status: .badRequest, message: error.description))
            }
        }
        guard !file.data.isEmpty else { return .failure(Failure(status: .badRequest, message: "The upload is empty: send a .fit, .tcx or .gpx file as the body.")) }
        return .success(file)
    }

    /// Whether a box or a query parameter says yes: `true`, `1` or `on`, a checkbox's value.
    static func isTicked(_ value: String?) -> Bool { ["true", "1", "on"].contains(value?.lowercased() ?? "") }

    /// `error` as the web says it: the command line's `--salvage` is the upload's "Keep what can be read".
    static func salvageable(_ error: ActivityFileError, records: Int) -> String {
        var said = error
        said.hint = "the file is damaged; the \(records) records before the damage can be kept: upload it again with "
            + "“Keep what can be read of a damaged file” ticked (through the API, add ?salvage=true)"
        said.readable = nil
        return said.description
    }

    /// The activity the file holds, its sport settled as `workout import` settles it
    /// (``Activity/namingSport(_:by:)``: the uploader's, else the file's, else guessed from its movement).
    ///
    /// - Throws: ``UploadError/unreadable(_:)`` with the reader's message (where the damage is, what to do),
    ///   for a sport no file knows, or for a file holding several workouts (a TCX history).
    func activity() throws(UploadError) -> Activity {
        let named = ActivityFileFormat(pathExtension: URL(fileURLWithPath: name).pathExtension)
        guard let format = named ?? ActivityFileFormat(sniffing: data) else {
            throw UploadError.unreadable("\(name): neither its name nor its first bytes say FIT, TCX or GPX; upload a .fit, .tcx or .gpx file.")
        }
        var given: ActivitySport?
        if let sport {
            guard let known = UploadSportField.sport(named: sport) else { throw UploadError.unreadable(UploadSportField.unknownSport(sport)) }
            given = known
        }
        var activity: Activity
        do {
            activity = try ActivityFile.read(data, format: format, path: name)
        } catch {
            guard let readable = error.readable, !readable.records.isEmpty else { throw UploadError.unreadable(error.description) }
            guard salvage else { throw UploadError.unreadable(Self.salvageable(error, records: readable.records.count)) }
            activity = readable
        }
        let workouts = activity.separated().count
        guard workouts == 1 else {
            throw UploadError.unreadable("\(name) holds \(workouts) activities (a Training Center history, or legs days apart), each a workout of its own: "
                                         + "upload them one at a time, or import the file with `workout import`, which stores each.")
        }
        return activity.namingSport(given, by: "the sport field").activity
    }

    /// The name the file is kept under with its workout: the uploaded name, with the
    /// format's extension added when the name has none (a bare body is "upload").
    var keptName: String {
        if ActivityFileFormat(pathExtension: URL(fileURLWithPath: name).pathExtension) != nil { return name }
        return ActivityFileFormat(sniffing: data).map { "\(name).\($0)" } ?? name
    }
}
