import Dispatch
import Foundation
import Hummingbird
import Prometheus

/// A server's figures in Prometheus' text format (`GET /metrics`): requests by route, method and status with their
/// durations (until the handler answers), workouts received from recorders by outcome, rides sent on to other services, and the live page's followers. Each server keeps its own
/// registry (not the process-wide metrics system), so servers in one process, as in tests, count apart.
public final class ServerMetrics: Sendable {
    private let registry = PrometheusCollectorRegistry()
    private static var requests: MetricNameDescriptor { MetricNameDescriptor(namespace: "openhealthkit", subsystem: "http", metricName: "requests", unitName: "total",
                                                       helpText: "HTTP requests answered, by route, method and status.") }
    private static var durations: MetricNameDescriptor { MetricNameDescriptor(namespace: "openhealthkit", subsystem: "http", metricName: "request_duration", unitName: "seconds",
                                                        helpText: "Time from a request's arrival to its response's end, by route and method.") }
    private static var syncs: MetricNameDescriptor { MetricNameDescriptor(namespace: "openhealthkit", subsystem: "sync", metricName: "workouts", unitName: "total",
                                                    helpText: "Workouts recorders sent, by outcome: stored, alreadyStored, refused.") }
    private static var followers: MetricNameDescriptor { MetricNameDescriptor(namespace: "openhealthkit", subsystem: "live", metricName: "followers", unitName: "count",
                                                        helpText: "Pages following the live feed now.") }
    private static var forwards: MetricNameDescriptor { MetricNameDescriptor(namespace: "openhealthkit", subsystem: "forward", metricName: "attempts", unitName: "total",
                                                       helpText: "Attempts to send rides on to Strava and intervals.icu, by service and outcome: sent, had, waiting, failed.") }
    private static var alerts: MetricNameDescriptor { MetricNameDescriptor(namespace: "openhealthkit", subsystem: "live", metricName: "alerts", unitName: "total",
                                                     helpText: "Safety alerts on live sessions, by kind (still, silent) and event (raised, cleared).") }
    private static var webhooks: MetricNameDescriptor { MetricNameDescriptor(namespace: "openhealthkit", subsystem: "live", metricName: "webhooks", unitName: "total",
                                                       helpText: "Alerts posted to riders' webhooks, by outcome: delivered, failed.") }
    private static let buckets: [Duration] = [.milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
                                              .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10)]

    /// Figures from zero.
    public init() {}

    /// A request to `route` (the route's pattern, such as `/api/workouts/{id}`, so that workouts do not each make a
    /// series of their own) answered with `status` after `seconds`.
    public func answered(_ route: String, method: String, status: Int, seconds: Double) {
        registry.makeCounter(descriptor: Self.requests, labels: [("route", route), ("method", method), ("status", String(status))]).increment()
        registry.makeDurationHistogram(descriptor: Self.durations, labels: [("route", route), ("method", method)], buckets: Self.buckets)
            .record(.nanoseconds(Int64(seconds * 1e9)))
    }

    /// A workout a recorder sent, with what became of it.
    public func synced(_ outcome: String) {
        registry.makeCounter(descriptor: Self.syncs, labels: [("outcome", outcome)]).increment()
    }

    /// An attempt to send a ride on to `service`, with its outcome.
    public func forwarded(_ service: String, outcome: String) {
        registry.makeCounter(descriptor: Self.forwards, labels: [("service", service), ("outcome", outcome)]).increment()
    }

    /// A safety alert raised or cleared.
    public func alerted(_ kind: String, event: String) {
        registry.makeCounter(descriptor: Self.alerts, labels: [("kind", kind), ("event", event)]).increment()
    }

    /// An alert posted to a rider's webhook, or not.
    public func webhook(_ outcome: String) {
        registry.makeCounter(descriptor: Self.webhooks, labels: [("outcome", outcome)]).increment()
    }

    /// The pages following the live feed now.
    public func following(_ count: Int) {
        registry.makeGauge(descriptor: Self.followers).set(to: Double(count))
    }

    /// Everything, in Prometheus' text exposition format.
    public var text: String { registry.emitToString() }
}

/// Counts every request the router answers in a ``ServerMetrics``: the route's pattern, the method, the status (an
/// error's own, else 500), and the time until the handler answered (a streamed body's writing not included).
struct MetricsRecorder<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    @concurrent func handle(_ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response) async throws -> Response {
        let start = DispatchTime.now().uptimeNanoseconds
        let metrics = metrics, method = request.method.rawValue
        func seconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        do {
            let response = try await next(request, context)
            metrics.answered(context.endpointPath ?? "unmatched", method: method, status: response.status.code, seconds: seconds())
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            metrics.answered(context.endpointPath ?? "unmatched", method: method, status: status, seconds: seconds())
            throw error
        }
    }
}
