import Foundation
import Hummingbird
import WorkoutFormats
import Markup

/// Responses the web app sends: pages, JSON, files and errors.
enum ServerResponse {
    static let jsonEncoder = WorkoutAPI.encoder()

    static func html(_ page: HTML, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: page.description)))
    }

    /// `value` as JSON; with `decimals`, its numbers keep at most that many (``RoundedJSON``): a workout's
    /// figures to the millisecond and millimetre, without float noise.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok, roundedTo decimals: Int? = nil) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        let encoded = (try? jsonEncoder.encode(value)) ?? Data("{}".utf8)
        let data = decimals.map { RoundedJSON.rounded(encoded, decimals: $0) } ?? encoded
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func file(_ data: Data, name: String, contentType: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        // The name may be a stranger's upload: nothing in it may end the quoted string or the header.
        let safe = String(name.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F || $0 == "\"" || $0 == "\\" || $0.value > 0x7E ? "_" : Character($0) })
        headers[.contentDisposition] = "attachment; filename=\"\(safe)\""
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A workout's file for download, named `baseName` with the format's extension.
    static func activityFile(_ data: Data, format: ActivityFileFormat, baseName: String) -> Response {
        file(data, name: "\(baseName).\(format)", contentType: format.mediaType)
    }

    static func redirect(to location: String) -> Response {
        var headers = HTTPFields()
        headers[.location] = location
        return Response(status: .seeOther, headers: headers)
    }

    /// An error as a page, or for the API as `{"error": {"status": …, "title": …, "message": …}}`.
    static func error(_ status: HTTPResponse.Status, api: Bool, title: String, message: String, link: (title: String, url: String)? = nil) -> Response {
        if api { return json(WorkoutAPI.ErrorBody(error: .init(status: status.code, title: title, message: message)), status: status) }
        return html(ServerPage.error(title: title, message: message, link: link), status: status)
    }
}
