import Foundation
import GRDB

/// The club in one SQLite file, through GRDB: write-ahead logging, and a
/// synchronous commit, so what the server acknowledged survives a crash or a
/// power cut.
public final class SQLiteClubDatabase: ClubDatabase {
    /// The dialect: SQLite.
    public let dialect = SQLDialect.sqlite
    private let pool: DatabasePool
    /// The file.
    public let path: String

    /// Opens (or creates) the club's SQLite file at `path`.
    ///
    /// - Throws: ``ClubDatabaseError/unavailable(_:)`` when the file cannot be opened.
    public init(path: String) throws {
        self.path = path
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw ClubDatabaseError.unavailable("\(path): the club's SQLite file cannot be opened (\(error)); check the folder exists and is writable.")
        }
    }

    public func rows(_ statement: SQLStatement) async throws -> [SQLRow] {
        let sql = Self.sqliteParameters(statement.sql)
        let arguments = StatementArguments(statement.arguments.map(Self.databaseValue))
        do {
            if statement.kind == .read {
                return try await pool.read { db in try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.values) }
            }
            return try await pool.write { db in try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.values) }
        } catch let error as DatabaseError {
            throw ClubDatabaseError.failed(statement: statement.sql, reason: error.message ?? "\(error)")
        }
    }

    public func transaction(_ statements: [SQLStatement]) async throws -> [[SQLRow]] {
        do {
            return try await pool.write { db in
                var results: [[SQLRow]] = []
                for statement in statements {
                    if let dependency = statement.onlyIfRowsFrom, results[dependency].isEmpty {
                        results.append([])
                        continue
                    }
                    let rows = try Row.fetchAll(db, sql: Self.sqliteParameters(statement.sql),
                                                arguments: StatementArguments(statement.arguments.map(Self.databaseValue)))
                    results.append(rows.map(Self.values))
                }
                return results
            }
        } catch let error as DatabaseError {
            throw ClubDatabaseError.failed(statement: error.sql ?? "", reason: error.message ?? "\(error)")
        }
    }

    public func close() async {
        try? pool.close()
    }

    /// `$1` as SQLite writes it: `?1`.
    static func sqliteParameters(_ sql: String) -> String {
        var result = ""
        result.reserveCapacity(sql.utf8.count)
        var iterator = sql.makeIterator()
        var pending: Character? = iterator.next()
        while let character = pending {
            pending = iterator.next()
            if character == "$", let next = pending, next.isASCII, next.isNumber { result.append("?") } else { result.append(character) }
        }
        return result
    }


    private static func databaseValue(_ value: SQLValue) -> DatabaseValue {
        switch value {
        case .null: .null
        case .integer(let integer): integer.databaseValue
        case .real(let real): real.databaseValue
        case .text(let text): text.databaseValue
        case .blob(let data): data.databaseValue
        }
    }

    private static func values(_ row: Row) -> SQLRow {
        SQLRow(columns: Array(row.columnNames), values: row.databaseValues.map { value in
            switch value.storage {
            case .null: .null
            case .int64(let integer): .integer(integer)
            case .double(let real): .real(real)
            case .string(let text): .text(text)
            case .blob(let data): .blob(data)
            }
        })
    }
}
