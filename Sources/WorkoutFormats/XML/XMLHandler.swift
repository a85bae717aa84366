

/// Receives what ``XMLScanner`` finds, in document order.
///
/// Names arrive without their namespace prefix (`gpxtpx:hr` is `hr`): the
/// activity formats are read by local name, so files that declare a wrong
/// namespace URI (a common exporter bug) still give their values.
protocol XMLHandler {
    /// An element opens. `offset` is the byte offset of its `<`.
    mutating func startElement(_ name: String, attributes: [(name: String, value: String)], offset: Int) throws(XMLProblem)
    /// An element closes.
    mutating func endElement(_ name: String) throws(XMLProblem)
    /// Text inside the current element, entities decoded, surrounding white space removed.
    mutating func text(_ text: String, offset: Int) throws(XMLProblem)
}
