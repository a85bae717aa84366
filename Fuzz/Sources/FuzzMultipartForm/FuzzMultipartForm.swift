import Foundation
import FuzzSupport
import HTTPForms

/// An upload as a browser sends it: the first line is the request's Content-Type, the rest its body.
/// Every part read must be bytes of the body, in order.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    let data = Data(bytes: bytes, count: count)
    let split = data.firstIndex(of: 0x0A) ?? data.endIndex
    let contentType = String(decoding: data[..<split], as: UTF8.self)
    let body = split < data.endIndex ? Data(data[data.index(after: split)...]) : Data()
    guard let boundary = MultipartForm.boundary(contentType: contentType), let form = try? MultipartForm(body: body, boundary: boundary) else { return 0 }
    var searchFrom = body.startIndex
    for part in form.parts {
        guard let found = part.data.isEmpty ? searchFrom : body[searchFrom...].firstRange(of: part.data)?.lowerBound else {
            fatalError("a part's bytes are not in the body after the part before it")
        }
        searchFrom = found + part.data.count
    }
    return 0
}

/// SwiftPM names an executable's entry point after its module.
@_cdecl("FuzzMultipartForm_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
