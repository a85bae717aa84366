import Foundation
import Hummingbird

extension Request {
    /// The query's parameters, percent-decoded; the last of a repeated name wins.
    var decodedParameters: [String: String] {
        var parameters: [String: String] = [:]
        for (key, value) in uri.queryParameters { parameters[String(key)] = String(value).removingPercentEncoding ?? String(value) }
        return parameters
    }
}
