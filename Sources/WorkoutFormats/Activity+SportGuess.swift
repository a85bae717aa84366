import Foundation

extension Activity {
    /// A sport for an activity whose file names none, from how it moved: cycling at 16 km/h or more over the
    /// moving time, or at 10 km/h or more with a pedalling cadence (a median under 130 per minute, where a
    /// runner's steps are 150 or more); running from 6.5 km/h; walking below. Nil without distance, or
    /// when the file names a sport.
    ///
    /// - Returns: The sport and the reason, as the import line says it.
    public func guessedSport() -> (sport: ActivitySport, reason: String)? {
        guard sport == .generic, sessions.allSatisfy({ $0.sport == .generic }) else { return nil }
        let figures = WorkoutFigures(activity: completingSummaries())
        guard let speed = figures.averageSpeed, speed > 0 else { return nil }
        let kilometresPerHour = speed * 3.6
        let cadences = records.compactMap(\.cadence).filter { $0 > 0 }.sorted()
        let median = cadences.isEmpty ? nil : cadences[cadences.count / 2]
        let said = String(format: "%.1f km/h", kilometresPerHour) + (median.map { String(format: ", cadence %.0f", $0) } ?? "")
        if kilometresPerHour >= 16 { return (.cycling, "its speed (\(said))") }
        if kilometresPerHour >= 10, let median, median < 130 { return (.cycling, "its speed and pedalling cadence (\(said))") }
        if kilometresPerHour >= 6.5 { return (.running, "its speed (\(said))") }
        return (.walking, "its speed (\(said))")
    }

    /// The activity with its sport settled, and what to tell the person about it: `given` (what they said
    /// through `option`: `--activity`, an upload's sport field) for the sessions and laps the file leaves
    /// generic, noting when the file states another; else ``guessedSport()``, noted; else unchanged. The
    /// one rule `workout import` and both servers' uploads follow.
    public func namingSport(_ given: ActivitySport?, by option: String) -> (activity: Activity, note: String?) {
        if let given {
            // Only what the file leaves open: a sport the file states is the device's word.
            let stated = Set((sessions + laps).map(\.sport)).subtracting([.generic])
            let note = !stated.isEmpty && !stated.contains(given)
                ? "the file says \(stated.map(\.name).sorted().joined(separator: "+")); \(option) \(given.name) applies only to files that state no sport" : nil
            return (taking(given), note)
        }
        guard let (sport, reason) = guessedSport() else { return (self, nil) }
        return (taking(sport), "the file names no sport: taken as \(sport.name) from \(reason); \(option) says otherwise")
    }

    /// The activity with `sport` for its generic sessions and laps.
    public func taking(_ sport: ActivitySport) -> Activity {
        var activity = self
        activity.sessions = sessions.map { var session = $0; if session.sport == .generic { session.sport = sport }; return session }
        activity.laps = laps.map { var lap = $0; if lap.sport == .generic { lap.sport = sport }; return lap }
        return activity
    }
}
