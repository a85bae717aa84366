import ArgumentParser
import Foundation
import OpenHealthKit

/// `workout companion`: the other end of a mirrored workout session, as a phone is to its
/// watch: it prints what the primary session does and sends, and asks it to pause, resume
/// or end.
struct Companion: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Mirror the workout session a recorder or app starts on the same store, and talk to it.",
        discussion: """
            Listens where a primary session on the same store mirrors to (`companion.sock` beside the store, \
            or $OPENHEALTHKIT_COMPANION), as HealthKit's workoutSessionMirroringStartHandler does. Prints the \
            session's state changes and the data it sends, one line each. Lines on standard input act on it: \
            `pause`, `resume` and `end` ask the primary; `send TEXT` sends TEXT as data. Exits 0 when the \
            workout ends, 1 when the primary goes away without ending it (its process killed, say).
            """
    )

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = storeOptions.open()
        let events = AsyncStream<CompanionEvent>.makeStream()
        let delegate = CompanionDelegate(events.continuation)
        store.workoutSessionMirroringStartHandler = { session in
            session.delegate = delegate
            events.continuation.yield(.mirrored(session))
        }
        say("listening at \(store.companionSocketPath)")
        // Listening stops, and its socket goes, whichever way the command ends.
        defer { store.workoutSessionMirroringStartHandler = nil }
        var mirrored: HKWorkoutSession?
        // Standard input is read on a thread of its own: a blocking read must not hold one of the pool's two threads.
        let input = Thread {
            while let line = readLine() { events.continuation.yield(.command(line)) }
        }
        input.start()
        for await event in events.stream {
            switch event {
            case .mirrored(let session):
                mirrored = session
                say("mirroring \(session.workoutConfiguration.activityType.name) (\("\(session.state)".lowercased()))")
            case .state(let to):
                say("state \("\(to)".lowercased())")
                if to == .ended { return }
            case .data(let data):
                say("data \(String(decoding: data, as: UTF8.self))")
            case .disconnected(let error):
                say("disconnected: \(error)")
                throw ExitCode(1)
            case .failed(let error):
                say("failed: \(error)")
            case .command(let line):
                guard let session = mirrored else { say("no session yet"); break }
                switch line.trimmingCharacters(in: .whitespaces) {
                case "pause": session.pause()
                case "resume": session.resume()
                case "end": session.end()
                case let text where text.hasPrefix("send "):
                    do { try await session.sendToRemoteWorkoutSession(data: Data(text.dropFirst(5).utf8)) } catch { say("failed: \(error)") }
                default: say("commands: pause, resume, end, send TEXT")
                }
            }
        }
    }
}

/// What the companion hears, in order.
enum CompanionEvent: Sendable {
    case mirrored(HKWorkoutSession)
    case state(HKWorkoutSessionState)
    case data(Data)
    case disconnected(String)
    case failed(String)
    case command(String)
}

/// The mirrored session's delegate: each call becomes an event.
final class CompanionDelegate: HKWorkoutSessionDelegate, Sendable {
    let events: AsyncStream<CompanionEvent>.Continuation

    init(_ events: AsyncStream<CompanionEvent>.Continuation) { self.events = events }

    func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState, from fromState: HKWorkoutSessionState, date: Date) {
        events.yield(.state(toState))
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {
        events.yield(.failed("\(error)"))
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didReceiveDataFromRemoteWorkoutSession data: [Data]) {
        for item in data { events.yield(.data(item)) }
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didDisconnectFromRemoteDeviceWithError error: (any Error)?) {
        events.yield(.disconnected(error.map { "\($0)" } ?? "the primary went away"))
    }
}

/// A line on standard output at once (not buffered: a pipe's reader sees each as it happens).
private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
