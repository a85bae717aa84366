import Foundation
import OpenHealthKit
import WorkoutFormats

extension Record {
    /// Carries out a rider's command other than finishing (pause or resume, a
    /// lap, a marker) at `now`, and says so on the display; `true` when
    /// something changed.
    func perform(_ command: RecordCommand, session: HKWorkoutSession, builder: HKLiveWorkoutBuilder, snapshotter: LiveSnapshotter,
                 display: RecordDisplay, at now: Date) async -> Bool {
        switch command {
        case .finish, .start:
            return false
        case .pauseOrResume:
            let pausing = session.state == .running
            if pausing { session.pause() } else if session.state == .paused { session.resume() } else { return false }
            // The session moves its state on its own queue: say what happened once it has.
            let wanted: HKWorkoutSessionState = pausing ? .paused : .running
            await session.settle(at: wanted, within: 1)
            display.log(session.state == .paused ? "paused" : "resumed")
        case .lap:
            let lap = snapshotter.startLap(builder: builder, at: now)
            try? await builder.addWorkoutEvents([HKWorkoutEvent(type: .lap, dateInterval: DateInterval(start: lap.start, end: now), metadata: nil)])
            display.log("lap \(lap.number): \(clockText(lap.seconds))")
        case .marker:
            try? await builder.addWorkoutEvents([HKWorkoutEvent(type: .marker, dateInterval: DateInterval(start: now, duration: 0), metadata: nil)])
            display.log("marker at \(clockText(builder.elapsedTime(at: now)))")
        }
        return true
    }
}
