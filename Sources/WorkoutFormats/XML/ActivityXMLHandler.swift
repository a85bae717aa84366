

/// A handler that turns an activity file's XML into an ``Activity``.
protocol ActivityXMLHandler: XMLHandler {
    /// What was read so far.
    func activity() -> Activity
    /// The problem of a file that holds no activity at all, if it is one.
    func emptyProblem() -> XMLLocatedProblem?
}
