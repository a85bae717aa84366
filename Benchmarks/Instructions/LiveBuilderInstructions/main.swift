// Counts the live builder's work per reading, in instructions, for
// `Benchmarks/instructions`: ten minutes of 1 Hz heart rate and positions (the
// live-builder benchmark's ten-minute case) handed over in batches of 256 to a
// data source writing to a file store. Only the absorbing loop and the writes
// it causes are counted (callgrind counts between the two marks, on every
// thread); making the store and the workout is not. Outside valgrind it prints
// wall-clock readings per second of the loop alone, as the benchmark does.
//
//     LiveBuilderInstructions [--iterations N] [--seconds S] [--no-store]
//
// --no-store: with `savesCollectedData` off, as `workout check` replays: the
// absorbing alone, with no writer (and no timing that decides when it writes).
import BenchmarkSupport
import CallgrindMarks
import Foundation
import LiveWorkload
import OpenHealthKit

/// The iterations and the minutes of readings each, from the command line.
func arguments() -> (iterations: Int, seconds: Int, saving: Bool) {
    var iterations = 20, seconds = 600, saving = true
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        switch argument {
        case "--iterations": iterations = arguments.popFirst().flatMap(Int.init) ?? iterations
        case "--seconds": seconds = arguments.popFirst().flatMap(Int.init) ?? seconds
        case "--no-store": saving = false
        default:
            FileHandle.standardError.write(Data("usage: LiveBuilderInstructions [--iterations N] [--seconds S] [--no-store]\n".utf8))
            exit(2)
        }
    }
    return (max(1, iterations), max(1, seconds), saving)
}
let (iterations, seconds, saving) = arguments()

runWaitingOnSemaphore(measure)

nonisolated func measure() async throws {
    let readings = Array(LiveWorkload.hourOfReadings().prefix(2 * (seconds + 128)))
    let measured = readings.count - 256
    var rates: [Double] = []
    for _ in 0..<iterations {
        let workout = try await LiveWorkload.runningWorkout(sources: [], saving: saving)
        // The first batch opens the workout's tables and asks for sharing: once per workout, not counted.
        await workout.dataSource.deliver(readings.prefix(256), from: "bench")
        await workout.dataSource.flush()
        let clock = ContinuousClock()
        ohk_callgrind_start()
        let began = clock.now
        await LiveWorkload.deliverInBatches(readings.dropFirst(256), to: workout.dataSource)
        let took = began.duration(to: clock.now)
        await workout.dataSource.flush()
        ohk_callgrind_stop()
        let secondsTaken = Double(took.components.seconds) + Double(took.components.attoseconds) * 1e-18
        rates.append(Double(measured) / secondsTaken)
        workout.session.end()
        try? FileManager.default.removeItem(at: workout.folder)
    }
    rates.sort()
    print("readings per iteration: \(measured)")
    print("iterations: \(iterations)")
    if ohk_running_on_valgrind() == 0 {
        print("median readings/s: \(Int(rates[rates.count / 2]))")
    }
}
