/// A value as D-Bus types it: what a method takes and returns and what a signal carries.
///
/// Arrays of bytes (`ay`, a characteristic's value) are ``bytes(_:)``, not an array of ``byte(_:)`` values;
/// dictionaries (`a{…}`) are ``dictionary(_:keySignature:valueSignature:)``. The signatures an array or a
/// dictionary carries are its elements', so that an empty one can still be sent.
///
/// ```swift
/// let filter = DBusValue.properties(["UUIDs": .array([.string("00001818-0000-1000-8000-00805f9b34fb")], elementSignature: "s"),
///                                    "Transport": .string("le")])
/// filter.signature   // "a{sv}"
/// ```
public indirect enum DBusValue: Sendable, Hashable {
    /// `y`.
    case byte(UInt8)
    /// `b`.
    case boolean(Bool)
    /// `n`.
    case int16(Int16)
    /// `q`.
    case uint16(UInt16)
    /// `i`; also a Unix file descriptor's index (`h`), which this client never takes.
    case int32(Int32)
    /// `u`.
    case uint32(UInt32)
    /// `x`.
    case int64(Int64)
    /// `t`.
    case uint64(UInt64)
    /// `d`.
    case double(Double)
    /// `s`.
    case string(String)
    /// `o`: an object's path, such as `/org/bluez/hci0`.
    case objectPath(String)
    /// `g`.
    case signature(String)
    /// `ay`.
    case bytes([UInt8])
    /// `a…` other than bytes and dictionaries, with its elements' signature.
    case array([DBusValue], elementSignature: String)
    /// `a{kv}`, with its keys' and values' signatures.
    case dictionary([DBusValue: DBusValue], keySignature: String, valueSignature: String)
    /// `(…)`.
    case structure([DBusValue])
    /// `v`: a value with its own type.
    case variant(DBusValue)

    /// The value's type signature: `s`, `ay`, `a{sv}`, `(ii)`, ….
    public var signature: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .bytes: "ay"
        case .array(_, let element): "a" + element
        case .dictionary(_, let key, let value): "a{" + key + value + "}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .variant: "v"
        }
    }

    /// An `a{sv}` dictionary, each value in a variant: the shape of D-Bus properties and of BlueZ's options.
    public static func properties(_ values: [String: DBusValue]) -> DBusValue {
        .dictionary(Dictionary(uniqueKeysWithValues: values.map { (DBusValue.string($0.key), DBusValue.variant($0.value)) }),
                    keySignature: "s", valueSignature: "v")
    }

    /// The value inside any number of variants.
    public var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    /// The text of a string, object path or signature.
    public var string: String? {
        switch unwrapped {
        case .string(let text), .objectPath(let text), .signature(let text): text
        default: nil
        }
    }

    /// A boolean's value.
    public var bool: Bool? {
        if case .boolean(let value) = unwrapped { return value }
        return nil
    }

    /// Any integer's value.
    public var integer: Int? {
        switch unwrapped {
        case .byte(let value): Int(value)
        case .int16(let value): Int(value)
        case .uint16(let value): Int(value)
        case .int32(let value): Int(value)
        case .uint32(let value): Int(value)
        case .int64(let value): Int(value)
        case .uint64(let value): Int(exactly: value)
        default: nil
        }
    }

    /// The bytes of an `ay`, or of an array of bytes however it came.
    public var bytes: [UInt8]? {
        switch unwrapped {
        case .bytes(let bytes): return bytes
        case .array(let elements, "y"):
            return elements.compactMap { if case .byte(let byte) = $0 { byte } else { nil } }
        default: return nil
        }
    }

    /// The elements of an array (each byte of an `ay` as ``byte(_:)``).
    public var elements: [DBusValue]? {
        switch unwrapped {
        case .array(let elements, _): elements
        case .bytes(let bytes): bytes.map(DBusValue.byte)
        default: nil
        }
    }

    /// The strings of an `as` or `ao`.
    public var strings: [String]? {
        elements?.compactMap(\.string)
    }

    /// A dictionary whose keys are strings or object paths, by key text.
    public var dictionary: [String: DBusValue]? {
        guard case .dictionary(let entries, _, _) = unwrapped else { return nil }
        var result: [String: DBusValue] = [:]
        for (key, value) in entries {
            guard let text = key.string else { return nil }
            result[text] = value
        }
        return result
    }
}
