import CourseGuidance
import Foundation
import OpenHealthKit

/// The rider's courses, kept beside the store: a `courses` folder next to its file, one GPX file a course (its
/// track, and its cues as typed waypoints), so that `record --course NAME` and `course show NAME` find them.
struct CourseLibrary {
    /// The folder.
    let folder: URL

    /// The library of the store `location`; a store in memory has none.
    init(store location: StoreLocation) throws {
        guard case .file(let path) = location else {
            throw RecordingsError("a store in memory keeps no courses; give a store file with --store PATH (or $OPENHEALTHKIT_STORE).")
        }
        folder = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("courses", isDirectory: true)
    }

    /// The file a course named `name` is kept in: its letters and digits, lower case, the rest as single dashes.
    func file(for name: String) -> URL {
        let words = name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
        let slug = String(words).split(separator: "-").joined(separator: "-")
        return folder.appendingPathComponent((slug.isEmpty ? "course" : slug) + ".gpx")
    }

    /// Keeps `course` as `name`; a course of that name is replaced only when `replacing`.
    func keep(_ course: Course, as name: String, replacing: Bool) throws -> URL {
        let url = file(for: name)
        if FileManager.default.fileExists(atPath: url.path), !replacing {
            throw RecordingsError("a course named \(url.deletingPathExtension().lastPathComponent) is kept already; give --replace to replace it, or --name to keep this one beside it.")
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var named = course
        named.name = name
        guard FileManager.default.createFile(atPath: url.path, contents: Data(named.gpxText.utf8)) else {
            throw RecordingsError("\(url.path): cannot be written; check the folder is writable.")
        }
        return url
    }

    /// Every course kept, by name.
    func courses() -> [(name: String, file: URL, course: Course?)] {
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        return files.filter { $0.pathExtension == "gpx" }.map { file in
            let course = try? Course(contentsOf: file)
            return (course?.name ?? file.deletingPathExtension().lastPathComponent, file, course)
        }.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
    }

    /// The course kept under `name`; the error lists those kept. (A file's path is read by ``CourseCommand/course(_:store:)``.)
    func course(named name: String) throws -> Course {
        let kept = file(for: name)
        guard FileManager.default.fileExists(atPath: kept.path) else {
            let names = courses().map(\.name)
            throw RecordingsError("\(name): no such file, and no course of that name is kept"
                                  + (names.isEmpty ? "; `workout course import FILE` keeps one." : " (kept: \(names.joined(separator: ", "))).")) 
        }
        return try CourseCommand.course(kept.path)
    }
}
