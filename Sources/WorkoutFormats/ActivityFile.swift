public import Foundation

/// Reads and writes activity files in any of the formats.
///
/// ```swift
/// let activity = try ActivityFile.read(URL(fileURLWithPath: "ride.fit"))
/// try ActivityFile.write(activity, as: .gpx, to: URL(fileURLWithPath: "ride.gpx"))
/// ```
public enum ActivityFile {
    /// Reads a FIT, TCX or GPX file (known by its extension, else by its
    /// content), within `limits`.
    ///
    /// - Throws: ``ActivityFileError`` when the file cannot be read in full:
    ///   damaged, cut short, or not an activity. The error carries what could be
    ///   read safely before the problem in ``ActivityFileError/readable``.
    public static func read(_ url: URL, limits: ActivityFileLimits = .standard) throws(ActivityFileError) -> Activity {
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size > limits.maximumFileBytes {
            throw ActivityFileError(path: url.relativePath, location: .file, message: limits.tooLarge(size), hint: ActivityFileLimits.splitHint)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw ActivityFileError(path: url.relativePath, location: .file, message: "cannot be read: \((error as NSError).localizedDescription)",
                                    hint: "check the path and that you may read it")
        }
        guard let format = ActivityFileFormat(pathExtension: url.pathExtension) ?? ActivityFileFormat(sniffing: data) else {
            throw ActivityFileError(path: url.relativePath, location: .file, message: "is not a FIT, TCX or GPX file",
                                    hint: "give a file ending in .fit, .tcx or .gpx")
        }
        return try read(data, format: format, path: url.relativePath, limits: limits)
    }

    /// Reads `data` in `format` within `limits`; `path` names it in errors.
    public static func read(_ data: Data, format: ActivityFileFormat, path: String, limits: ActivityFileLimits = .standard) throws(ActivityFileError) -> Activity {
        guard data.count <= limits.maximumFileBytes else {
            throw ActivityFileError(path: path, location: .file, message: limits.tooLarge(data.count), hint: ActivityFileLimits.splitHint)
        }
        switch format {
        case .fit:
            let (activity, problem) = FITActivityReader.read(data, limits: limits)
            if let problem {
                let hint = switch problem.code {
                case .notFIT: "is it a FIT file? TCX and GPX files are XML and end in .tcx or .gpx"
                case .truncated: "the file was cut short: copy it again from the device; what precedes the cut can be imported with --salvage"
                case .limitReached: ActivityFileLimits.salvageHint
                default: "the file is damaged: copy it again from the device; what precedes the damage can be imported with --salvage"
                }
                throw ActivityFileError(path: path, location: .byte(problem.offset), message: problem.message, hint: hint,
                                        readable: activity.records.isEmpty ? nil : activity.completingSummaries().salvaged())
            }
            guard !activity.records.isEmpty || !activity.sessions.isEmpty else {
                throw ActivityFileError(path: path, location: .file, message: "holds no records or sessions: it is not an activity (a course, settings or monitoring file?)",
                                        hint: "give an activity file, as a device saves it after a workout")
            }
            return activity.completingSummaries()
        case .tcx, .gpx:
            let (activity, problem) = format == .tcx ? TCXReader.read(data, limits: limits) : GPXReader.read(data, limits: limits)
            if let problem {
                let location: ActivityFileError.Location = problem.line.map { .line($0, column: problem.column ?? 1) } ?? .file
                let hint = problem.message == limits.tooManyRecords ? ActivityFileLimits.salvageHint
                    : problem.line == nil ? "give a recorded activity" : "the file is malformed here; what precedes it can be imported with --salvage"
                throw ActivityFileError(path: path, location: location, message: problem.message, hint: hint,
                                        readable: activity.records.isEmpty ? nil : activity.salvaged())
            }
            return activity
        }
    }

    /// `activity` in `format` as bytes (written through a temporary file, as the writers stream to files); local
    /// times in the activity's own time zone when it has one, else in `timeZone`.
    public static func data(_ activity: Activity, as format: ActivityFileFormat, timeZone: TimeZone = .current) throws -> Data {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("activity-\(UUID().uuidString).\(format)")
        defer { try? FileManager.default.removeItem(at: url) }
        try write(activity, as: format, to: url, timeZone: timeZone)
        return try Data(contentsOf: url)
    }

    /// Writes `activity` in `format` to `url`; local times in the activity's own time zone when it has one, else in `timeZone`.
    public static func write(_ activity: Activity, as format: ActivityFileFormat, to url: URL, timeZone: TimeZone = .current) throws {
        switch format {
        case .fit: try FITActivityWriter(url: url, creator: activity.creator, start: activity.startDate ?? Date(timeIntervalSince1970: 0),
                                         timeZone: activity.timeZone ?? timeZone)
            .write(activity.completingSummaries())
        case .tcx: try TCXWriter.write(activity, to: url)
        case .gpx: try GPXWriter.write(activity, to: url)
        }
    }
}
