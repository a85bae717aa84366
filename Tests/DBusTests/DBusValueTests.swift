import DBus
import Testing

/// Values written into a libdbus message and read back: what crosses the bus keeps its type and content.
struct DBusValueTests {
    static let filter = DBusValue.properties([
        "UUIDs": .array([.string("00001818-0000-1000-8000-00805f9b34fb"), .string("0000180d-0000-1000-8000-00805f9b34fb")], elementSignature: "s"),
        "Transport": .string("le"),
        "RSSI": .int16(-90),
        "DuplicateData": .boolean(false),
    ])

    @Test func signaturesFollowTheValuesTypes() {
        #expect(Self.filter.signature == "a{sv}")
        #expect(DBusValue.structure([.objectPath("/"), .uint32(7), .bytes([1])]).signature == "(ouay)")
        #expect(DBusValue.dictionary([:], keySignature: "o", valueSignature: "a{sa{sv}}").signature == "a{oa{sa{sv}}}")
    }

    @Test(arguments: [
        DBusValue.byte(0xFF), .boolean(true), .boolean(false), .int16(-32_768), .uint16(65_535), .int32(-1), .uint32(4_000_000_000),
        .int64(.min), .uint64(.max), .double(-0.5), .string("Kraftmesser ü ✓"), .objectPath("/org/bluez/hci0/dev_C4_7A_11_22_33_44"),
        .signature("a{sv}"), .bytes([]), .bytes([0x2C, 0x00, 0x00, 0x00, 0x9F, 0x00, 0x0C, 0x00, 0xE5, 0x42]),
        .array([], elementSignature: "s"), .array([.uint32(1), .uint32(2)], elementSignature: "u"),
        .structure([.string("a"), .variant(.int32(3))]), .variant(.variant(.bytes([7]))),
    ])
    func aValueCrossesTheBusUnchanged(_ value: DBusValue) {
        #expect(DBusMessageCoding.roundTrip([value]) == [value])
    }

    @Test func nestedDictionariesAsGetManagedObjectsAnswersThem() throws {
        let device = DBusValue.dictionary([
            .string("org.bluez.Device1"): .dictionary([.string("Address"): .variant(.string("C4:7A:11:22:33:44")),
                                                       .string("RSSI"): .variant(.int16(-58)),
                                                       .string("UUIDs"): .variant(.array([.string("00001818-0000-1000-8000-00805f9b34fb")],
                                                                                         elementSignature: "s"))],
                                                      keySignature: "s", valueSignature: "v"),
        ], keySignature: "s", valueSignature: "a{sv}")
        let objects = DBusValue.dictionary([.objectPath("/org/bluez/hci0/dev_C4_7A_11_22_33_44"): device], keySignature: "o", valueSignature: "a{sa{sv}}")
        let read = try #require(DBusMessageCoding.roundTrip([objects, Self.filter]))
        #expect(read == [objects, Self.filter])
        let properties = read[0].dictionary?["/org/bluez/hci0/dev_C4_7A_11_22_33_44"]?.dictionary?["org.bluez.Device1"]?.dictionary
        #expect(properties?["Address"]?.string == "C4:7A:11:22:33:44")
        #expect(properties?["RSSI"]?.integer == -58)
        #expect(properties?["UUIDs"]?.strings == ["00001818-0000-1000-8000-00805f9b34fb"])
    }

    @Test func accessorsSeeThroughVariantsAndRefuseOtherTypes() {
        #expect(DBusValue.variant(.boolean(true)).bool == true)
        #expect(DBusValue.variant(.uint64(.max)).integer == nil || Int.bitWidth > 64)
        #expect(DBusValue.string("1").integer == nil)
        #expect(DBusValue.array([.byte(1), .byte(2)], elementSignature: "y").bytes == [1, 2])
        #expect(DBusValue.int32(1).dictionary == nil)
    }

    @Test func anInvalidStringIsRefusedNotSent() {
        // Object paths must be /-separated names; libdbus checks what it sends.
        #expect(DBusMessageCoding.roundTrip([.objectPath("not a path")]) == nil)
    }
}
