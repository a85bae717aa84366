import Foundation
import Testing
import HTTPForms

@Suite("multipart/form-data")
struct MultipartFormTests {
    static func body(_ parts: [(headers: String, content: [UInt8])], boundary: String = "----b0undary", closed: Bool = true) -> Data {
        var data = Data()
        for part in parts {
            data += Data("--\(boundary)\r\n\(part.headers)\r\n\r\n".utf8)
            data += Data(part.content)
            data += Data("\r\n".utf8)
        }
        if closed { data += Data("--\(boundary)--\r\n".utf8) }
        return data
    }

    @Test("reads a browser's upload: a file with a name, its bytes unchanged, beside a plain field")
    func upload() throws {
        // A file whose bytes hold CR, LF and dashes, as FIT files do.
        let bytes: [UInt8] = [0x0E, 0x10, 0x0D, 0x0A, 0x2D, 0x2D, 0x00, 0xFF, 0x0D, 0x0A]
        let data = Self.body([("Content-Disposition: form-data; name=\"note\"", Array("hello".utf8)),
                              ("Content-Disposition: form-data; name=\"file\"; filename=\"ride.fit\"\r\nContent-Type: application/octet-stream", bytes)])
        let form = try MultipartForm(body: data, boundary: "----b0undary")
        #expect(form.parts.count == 2)
        let file = try #require(form.part(named: "file"))
        #expect(file.filename == "ride.fit" && file.contentType == "application/octet-stream" && [UInt8](file.data) == bytes)
        #expect(form.part(named: "note")?.data == Data("hello".utf8))
    }

    @Test("a form it encodes reads back part for part, quotes and line breaks in names replaced")
    func encodedRoundTrip() throws {
        let bytes = Data([0x0E, 0x10, 0x0D, 0x0A, 0x2D, 0x2D, 0x00, 0xFF])
        let form = MultipartForm(parts: [
            .init(name: "file", filename: "a \"ride\"\r\n.fit", contentType: "application/octet-stream", data: bytes),
            .init(name: "data_type", text: "fit"),
            .init(name: "name", text: ""),
        ])
        let read = try MultipartForm(body: form.encoded(boundary: "b-1"), boundary: "b-1")
        #expect(read.parts.count == 3)
        #expect(read.part(named: "file")?.data == bytes && read.part(named: "file")?.filename == "a %22ride%22%0D%0A.fit")
        #expect(read.part(named: "data_type")?.data == Data("fit".utf8) && read.part(named: "name")?.data == Data())
    }

    @Test("finds the boundary in the Content-Type, quoted or not")
    func boundary() {
        #expect(MultipartForm.boundary(contentType: "multipart/form-data; boundary=----WebKitFormBoundaryX") == "----WebKitFormBoundaryX")
        #expect(MultipartForm.boundary(contentType: "multipart/form-data; charset=utf-8; boundary=\"a b\"") == "a b")
        #expect(MultipartForm.boundary(contentType: "application/json") == nil)
        #expect(MultipartForm.boundary(contentType: "multipart/form-data") == nil)
    }

    @Test("a cut-short, boundary-less or nameless body is an error with its byte offset")
    func refusals() {
        let full = Self.body([("Content-Disposition: form-data; name=\"file\"; filename=\"a.gpx\"", Array("<gpx/>".utf8))])
        #expect(throws: MultipartFormError.self) { try MultipartForm(body: full.prefix(full.count - 20), boundary: "----b0undary") }
        #expect(throws: MultipartFormError.self) { try MultipartForm(body: Data("no parts here".utf8), boundary: "----b0undary") }
        #expect(throws: MultipartFormError.self) { try MultipartForm(body: Self.body([("Content-Type: text/plain", [1, 2])]), boundary: "----b0undary") }
        do {
            _ = try MultipartForm(body: full.prefix(60), boundary: "----b0undary")
            Issue.record("a cut body was read")
        } catch {
            #expect(error.offset > 0 && error.description.contains("byte \(error.offset)"))
        }
    }

    @Test("every prefix and every one-byte corruption of an upload is read or refused, never a crash")
    func neverCrashes() {
        let data = Self.body([("Content-Disposition: form-data; name=\"file\"; filename=\"r.tcx\"", Array("<TrainingCenterDatabase/>".utf8))])
        var outcomes = 0
        for length in 0...data.count {
            outcomes += (try? MultipartForm(body: data.prefix(length), boundary: "----b0undary")) == nil ? 1 : 0
        }
        for index in data.indices {
            for value: UInt8 in [0x00, 0x0D, 0x0A, 0x2D, 0x22] {
                var corrupted = data
                corrupted[index] = value
                _ = try? MultipartForm(body: corrupted, boundary: "----b0undary")
            }
        }
        // All but the whole body (and the body without its last line break) are refused.
        #expect(outcomes >= data.count - 2)
    }
}
