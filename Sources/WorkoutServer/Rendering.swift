import NIOPosix

/// CPU-heavy work of a request — drawing a report's page (about 180 ms for a day-long ride), writing a
/// FIT, TCX or GPX file — done on NIO's thread pool, which has one thread a core, and not on Swift's
/// cooperative pool: there, two such requests at once on a 2-core machine would hold every thread that
/// answers the others.
enum Rendering {
    /// The result of `work`, done on the shared thread pool.
    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await NIOThreadPool.singleton.runIfActive(work)
    }
}
