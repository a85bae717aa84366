import Foundation
import Testing
import TestSupport
import WorkoutClub

/// A club's PostgreSQL address, and the password found for it as PostgreSQL's own clients find it.
@Suite struct PostgresAddressTests {
    @Test func anAddressNamesItsPartsAndHidesItsPassword() throws {
        let address = try PostgresAddress("postgres://ada:s%3Acret@db.example.org:6543/club?sslmode=require")
        #expect(address.host == "db.example.org" && address.port == 6543 && address.user == "ada" && address.database == "club")
        #expect(address.password == "s:cret")
        #expect(address.requiresTLS)
        #expect(address.description == "postgres://ada@db.example.org:6543/club")
    }

    @Test(arguments: ["mysql://ada@db/club", "postgres:///club", "postgres://db/club", "postgres://ada@db/", "postgres://ada@db/club?sslmode=sometimes"])
    func aWrongAddressSaysWhatIsMissing(_ text: String) {
        #expect(throws: ClubDatabaseError.self) { try PostgresAddress(text) }
    }

    @Test func pgpasswordFillsAnAddressWithoutOne() throws {
        let address = try PostgresAddress("postgres://ada@localhost/club")
        #expect(address.withPassword(from: ["PGPASSWORD": "from-env"]).password == "from-env")
        // The address's own password wins, as with libpq.
        let written = try PostgresAddress("postgres://ada:written@localhost/club")
        #expect(written.withPassword(from: ["PGPASSWORD": "from-env"]).password == "written")
        #expect(address.withPassword(from: [:], home: "/nonexistent").password == nil)
    }

    @Test func thePasswordFileIsReadAsLibpqReadsIt() throws {
        let folder = Scratch.url("pgpass")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("pgpass")
        try """
            # comment
            otherhost:5432:club:ada:wrong
            localhost:5432:club:bob:wrong
            localhost:*:club:ada:pa\\:ss\\\\word
            *:*:*:*:fallback
            """.write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        let address = try PostgresAddress("postgres://ada@localhost:5432/club")
        #expect(address.withPassword(from: ["PGPASSFILE": file.path]).password == "pa:ss\\word")
        #expect(try PostgresAddress("postgres://eve@elsewhere/db").withPassword(from: ["PGPASSFILE": file.path]).password == "fallback")
        // ~/.pgpass when PGPASSFILE is not set.
        try FileManager.default.copyItem(at: file, to: folder.appendingPathComponent(".pgpass"))
        #expect(address.withPassword(from: ["HOME": folder.path]).password == "pa:ss\\word")
        // A file others can read is ignored, as libpq ignores it.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        #expect(address.withPassword(from: ["PGPASSFILE": file.path]).password == nil)
    }
}
