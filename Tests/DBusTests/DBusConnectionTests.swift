import DBus
import Foundation
import TestSupport
import Testing

/// A connection to a real private `dbus-daemon`: calls answered by the bus itself, errors it answers, and the
/// signals a match rule lets in.
@Suite(.heavy, .timeLimit(.minutes(10)), .enabled(if: PrivateBus.executable != nil, "dbus-daemon is missing: run Scripts/setup"))
struct DBusConnectionTests {
    static let daemon = (destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus")

    @Test func theBusAnswersACall() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        try await offThePool {
            let connection = try DBusConnection(address: bus.address)
            #expect(connection.uniqueName.hasPrefix(":"))
            let names = try connection.call(destination: Self.daemon.destination, path: Self.daemon.path, interface: Self.daemon.interface,
                                            member: "ListNames")
            #expect(names.first?.strings?.contains(connection.uniqueName) == true, "\(names)")
            let owner = try connection.call(destination: Self.daemon.destination, path: Self.daemon.path, interface: Self.daemon.interface,
                                            member: "GetNameOwner", arguments: [.string(Self.daemon.destination)])
            #expect(owner == [.string(Self.daemon.destination)])
        }
    }

    @Test func anErrorComesBackNamedAndSaysWhatWasAsked() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        try await offThePool {
            let connection = try DBusConnection(address: bus.address)
            do throws(DBusFailure) {
                try connection.call(destination: "org.bluez", path: "/", interface: "org.freedesktop.DBus.ObjectManager", member: "GetManagedObjects")
                Issue.record("a call to nobody was answered")
            } catch {
                #expect(error.name == DBusFailure.serviceUnknownName)
                #expect(error.description.hasPrefix("GetManagedObjects on /: "), "\(error)")
                #expect(error.description.contains("org.bluez"), "\(error)")
            }
        }
    }

    @Test func aMatchRuleLetsSignalsInAndOthersStayOut() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        try await offThePool {
            let listener = try DBusConnection(address: bus.address)
            try listener.addMatch("type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged',arg0='org.openhealthkit.Wanted'")
            #expect(try listener.nextSignal(waitingUpTo: 50) == nil)
            let owner = try DBusConnection(address: bus.address)
            for name in ["org.openhealthkit.Other", "org.openhealthkit.Wanted"] {
                try owner.call(destination: Self.daemon.destination, path: Self.daemon.path, interface: Self.daemon.interface,
                               member: "RequestName", arguments: [.string(name), .uint32(0)])
            }
            let signal = try #require(try listener.nextSignal(waitingUpTo: 2_000))
            #expect(signal.member == "NameOwnerChanged")
            #expect(signal.arguments == [.string("org.openhealthkit.Wanted"), .string(""), .string(owner.uniqueName)])
            #expect(try listener.nextSignal(waitingUpTo: 100) == nil)
            // Once the rule is removed, the name changing hands again is not heard.
            try listener.removeMatch("type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged',arg0='org.openhealthkit.Wanted'")
            try owner.call(destination: Self.daemon.destination, path: Self.daemon.path, interface: Self.daemon.interface,
                           member: "ReleaseName", arguments: [.string("org.openhealthkit.Wanted")])
            #expect(try listener.nextSignal(waitingUpTo: 200) == nil)
            #expect(throws: DBusFailure.self) { try listener.removeMatch("type='signal',member='Never'") }
        }
    }

    @Test func aStoppedBusIsADisconnection() async throws {
        let bus = try PrivateBus()
        try await offThePool {
            let connection = try DBusConnection(address: bus.address)
            bus.stop()
            #expect(throws: DBusFailure.self) {
                for _ in 0..<20 { _ = try connection.nextSignal(waitingUpTo: 100) }
            }
            #expect(!connection.isConnected)
        }
        #expect(throws: DBusFailure.self) { try DBusConnection(address: bus.address) }
    }
}
