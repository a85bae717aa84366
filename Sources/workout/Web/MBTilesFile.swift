import ArgumentParser
import Foundation
import GRDB
import WorkoutReport

/// An MBTiles file (SQLite: a `metadata` table and a `tiles` table numbered as TMS, y from the south), read
/// only, as the report's offline tiles.
enum MBTilesFile {
    /// The tiles of the file at `path`.
    ///
    /// - Throws: `ValidationError` saying what is wrong: no such file, not SQLite, no tiles table, no tiles.
    static func open(_ path: String) throws -> OfflineTiles {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw ValidationError("--mbtiles \(path): no such file, or it cannot be read.")
        }
        var configuration = Configuration()
        configuration.readonly = true
        let queue: DatabaseQueue
        let zooms: ClosedRange<Int>
        let attribution: String?
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
            (zooms, attribution) = try queue.read { db in
                guard try db.tableExists("tiles") else { throw ValidationError("--mbtiles \(path) has no tiles table: is it an MBTiles file?") }
                guard let low = try Int.fetchOne(db, sql: "SELECT MIN(zoom_level) FROM tiles"), let high = try Int.fetchOne(db, sql: "SELECT MAX(zoom_level) FROM tiles") else {
                    throw ValidationError("--mbtiles \(path) holds no tiles.")
                }
                let credit = try db.tableExists("metadata") ? try String.fetchOne(db, sql: "SELECT value FROM metadata WHERE name = 'attribution'") : nil
                return (low...high, credit.map(Self.plainText))
            }
        } catch let error as ValidationError {
            throw error
        } catch {
            throw ValidationError("--mbtiles \(path) cannot be read as an MBTiles file (SQLite): \(error.localizedDescription)")
        }
        return OfflineTiles(zooms: zooms, attribution: attribution) { zoom, x, y in
            // MBTiles counts rows from the south.
            let row = (1 << zoom) - 1 - y
            return try? queue.read { db in
                try Data.fetchOne(db, sql: "SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?", arguments: [zoom, x, row])
            }
        }
    }

    /// An attribution's words without the HTML links MBTiles files often give it (`<a href=…>© OpenStreetMap</a>`).
    static func plainText(_ html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
        }
        return text.replacingOccurrences(of: "&copy;", with: "©").replacingOccurrences(of: "&amp;", with: "&").trimmingCharacters(in: .whitespaces)
    }
}
