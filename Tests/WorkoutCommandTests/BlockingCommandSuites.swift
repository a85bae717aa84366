import TestSupport
import Testing

/// The command suites that run `workout` and wait for it on the test's own thread. Swift's cooperative pool has
/// two threads here: run at once, these suites could hold both for minutes, and every in-process test would wait
/// past its time limit. Serialized under one parent, they hold at most one.
@Suite(.heavy, .serialized) enum BlockingCommandSuites {}
