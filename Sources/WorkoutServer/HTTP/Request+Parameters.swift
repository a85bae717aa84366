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
