/// What a GPX or TCX reader has read so far: the records and timer events, within the limits it reads by.
struct ActivityXMLRecords {
    /// How much the reader takes before it stops.
    let limits: ActivityFileLimits
    /// The records so far, in file order.
    var records: [ActivityRecord] = []
    /// Timer stops and starts so far: pauses between segments or tracks.
    var timers: [ActivityTimerEvent] = []

    /// Nothing read yet, within `limits`.
    init(limits: ActivityFileLimits) { self.limits = limits }
}
