import ArgumentParser

/// Where a web server listens, as `--serve :8080`, `--serve 0.0.0.0:8080` or `--serve [::1]:8080`.
struct ServeAddress: ExpressibleByArgument, Sendable {
    var host: String
    var port: Int

    init?(argument: String) {
        var host = "127.0.0.1", portText = argument
        if argument.hasPrefix("["), let close = argument.firstIndex(of: "]") {
            host = String(argument[argument.index(after: argument.startIndex)..<close])
            portText = String(argument[argument.index(after: close)...].drop { $0 == ":" })
        } else if let colon = argument.lastIndex(of: ":") {
            if colon != argument.startIndex { host = String(argument[..<colon]) }
            portText = String(argument[argument.index(after: colon)...])
        }
        guard let port = Int(portText), (0...65_535).contains(port), !host.isEmpty else { return nil }
        self.host = host
        self.port = port
    }

    var defaultValueDescription: String { "\(host):\(port)" }
}
