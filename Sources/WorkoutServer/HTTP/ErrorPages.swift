import Hummingbird
import Logging

/// Answers every error a route lets through with a body a person can read: a ``WebError`` (or any
/// `HTTPResponseError`) as it says; anything else (a store that failed, a bug) as a 500 page, or for the API
/// `{"error": …}`, that names the request, while the server's log says what failed under the same request id.
/// Without it such a failure answered 500 with an empty body and left nothing in the log.
struct ErrorPages<Context: RequestContext>: RouterMiddleware {
    @concurrent func handle(_ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error where error is any HTTPResponseError || error is CancellationError {
            // What a route says itself is answered as it says; a cancelled request has no one to answer.
            throw error
        } catch {
            context.logger.error("\(request.method) \(request.uri.path) failed: \(String(reflecting: error))")
            return ServerResponse.error(.internalServerError, api: WebError.isAPI(request), title: "Something went wrong",
                                        message: "The server could not answer this request (request \(context.id)): nothing was changed by the part that failed. "
                                            + "Try again; if it fails again, the server's log says why under that request.")
        }
    }
}
