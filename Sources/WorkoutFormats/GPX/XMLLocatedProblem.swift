import Foundation

/// A problem in an XML activity file, at a line and column when it has one.
public struct XMLLocatedProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    /// The line, from 1.
    public var line: Int?
    /// The column, from 1.
    public var column: Int?

    /// `line:column: message`.
    public var description: String {
        guard let line, let column else { return message }
        return "\(line):\(column): \(message)"
    }

    /// Scans `data` with `handler`: what it read, and the problem that stopped it.
    static func read(_ data: Data, with handler: some ActivityXMLHandler) -> (activity: Activity, problem: XMLLocatedProblem?) {
        var handler = handler
        let problem = scan(data, into: &handler)
        return (handler.activity(), problem ?? handler.emptyProblem())
    }

    static func scan(_ data: Data, into handler: inout some XMLHandler) -> XMLLocatedProblem? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> XMLLocatedProblem? in
            do throws(XMLProblem) {
                try XMLScanner.scan(bytes, into: &handler)
                return nil
            } catch {
                let (line, column) = XMLScanner.lineAndColumn(of: error.offset ?? bytes.count, in: bytes)
                return XMLLocatedProblem(message: error.message, line: line, column: column)
            }
        }
    }
}
