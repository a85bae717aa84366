import Foundation
import Hummingbird

extension Request {
    /// The query's parameters, percent-decoded; the last of a repeated name wins.
    /// The first of `names` the query gives more than once, which a reader could take either way.
    func repeatedParameter(among names: Set<String>) -> String? {
        var seen: Set<String> = []
        for (key, _) in uri.queryParameters where names.contains(String(key)) {
            if !seen.insert(String(key)).inserted { return String(key) }
        }
        return nil
    }

    /// Refuses a query that gives one of `names` more than once.
    ///
    /// - Throws: ``WebError`` 400 naming the parameter.
    func requireSingle(_ names: Set<String>) throws {
        if let name = repeatedParameter(among: names) {
            throw WebError.badRequest("Bad query", "\(name) is given more than once; give it once.")
        }
    }

    var decodedParameters: [String: String] {
        var parameters: [String: String] = [:]
        for (key, value) in uri.queryParameters { parameters[String(key)] = String(value).removingPercentEncoding ?? String(value) }
        return parameters
    }
}

extension Request {
    /// The body, at most `limit` bytes, named `what` in the refusal of a larger one.
    ///
    /// - Throws: ``WebError`` 413 saying how large a body may be, instead of the transport's error.
    func collectBody(upTo limit: Int, what: String) async throws -> ByteBuffer {
        do { return try await body.collect(upTo: limit) } catch {
            throw WebError(.contentTooLarge, title: "Too large", message: "\(what) is larger than \(limit >> 10) KB, more than it can hold; send less.")
        }
    }
}

extension DecodingError {
    /// What is wrong with a JSON body, for the person who sent it: the field and what it should be.
    var plainDescription: String {
        func field(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "the body" : "'" + path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".") + "'"
        }
        switch self {
        case .typeMismatch(let type, let context): return "\(field(context.codingPath)) must be \(type == String.self ? "a string" : "a \(type)")"
        case .valueNotFound(_, let context): return "\(field(context.codingPath)) is missing its value"
        case .keyNotFound(let key, let context): return "\(field(context.codingPath + [key])) is missing"
        case .dataCorrupted(let context): return context.codingPath.isEmpty ? "the body is not JSON" : "\(field(context.codingPath)) cannot be read"
        @unknown default: return "the body cannot be read"
        }
    }
}
