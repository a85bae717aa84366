internal import CDBus

/// ``DBusValue``s written into and read out of libdbus messages.
///
/// Reading never trusts the message: a type this client does not know (a Unix file descriptor) is read as its
/// index, and a container is read only as far as it goes.
package enum DBusMessageCoding {
    static let signalType: Int32 = 4

    /// `values` written into a signal message and read back out, as they would cross the bus; `nil` when libdbus
    /// refuses one of them.
    package static func roundTrip(_ values: [DBusValue]) -> [DBusValue]? {
        guard let message = dbus_message_new_signal("/org/openhealthkit/Test", "org.openhealthkit.Test", "RoundTrip") else { return nil }
        defer { dbus_message_unref(message) }
        var iterator = DBusMessageIter()
        dbus_message_iter_init_append(message, &iterator)
        for value in values where !isValid(value) || !append(value, to: &iterator) { return nil }
        return arguments(of: message)
    }

    private static func code(_ character: Unicode.Scalar) -> Int32 { Int32(character.value) }

    /// The message's arguments, in order.
    static func arguments(of message: OpaquePointer) -> [DBusValue] {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(message, &iterator) != 0 else { return [] }
        return values(in: &iterator)
    }

    /// Every value from `iterator` on.
    private static func values(in iterator: inout DBusMessageIter) -> [DBusValue] {
        var values: [DBusValue] = []
        while dbus_message_iter_get_arg_type(&iterator) != 0 {
            if let value = value(at: &iterator) { values.append(value) }
            guard dbus_message_iter_next(&iterator) != 0 else { break }
        }
        return values
    }

    private static func basic<T>(_ iterator: inout DBusMessageIter, _ zero: T) -> T {
        var value = zero
        withUnsafeMutablePointer(to: &value) { dbus_message_iter_get_basic(&iterator, $0) }
        return value
    }

    private static func text(_ iterator: inout DBusMessageIter) -> String {
        var pointer: UnsafePointer<CChar>?
        withUnsafeMutablePointer(to: &pointer) { dbus_message_iter_get_basic(&iterator, $0) }
        return pointer.map { String(cString: $0) } ?? ""
    }

    /// The value at `iterator`, or `nil` for a type D-Bus does not define.
    private static func value(at iterator: inout DBusMessageIter) -> DBusValue? {
        switch dbus_message_iter_get_arg_type(&iterator) {
        case code("y"): return .byte(basic(&iterator, UInt8(0)))
        case code("b"): return .boolean(basic(&iterator, UInt32(0)) != 0)
        case code("n"): return .int16(basic(&iterator, Int16(0)))
        case code("q"): return .uint16(basic(&iterator, UInt16(0)))
        case code("i"), code("h"): return .int32(basic(&iterator, Int32(0)))
        case code("u"): return .uint32(basic(&iterator, UInt32(0)))
        case code("x"): return .int64(basic(&iterator, Int64(0)))
        case code("t"): return .uint64(basic(&iterator, UInt64(0)))
        case code("d"): return .double(basic(&iterator, Double(0)))
        case code("s"): return .string(text(&iterator))
        case code("o"): return .objectPath(text(&iterator))
        case code("g"): return .signature(text(&iterator))
        case code("v"):
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            return values(in: &inner).first.map(DBusValue.variant)
        case code("r"):
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            return .structure(values(in: &inner))
        case code("a"):
            return array(at: &iterator)
        default:
            return nil
        }
    }

    private static func array(at iterator: inout DBusMessageIter) -> DBusValue {
        let signature = dbus_message_iter_get_signature(&iterator).map { pointer -> String in
            defer { dbus_free(pointer) }
            return String(cString: pointer)
        } ?? "a"
        let element = String(signature.dropFirst())
        var inner = DBusMessageIter()
        dbus_message_iter_recurse(&iterator, &inner)
        if element == "y" {
            var pointer: UnsafeMutableRawPointer?
            var count: Int32 = 0
            withUnsafeMutablePointer(to: &pointer) { dbus_message_iter_get_fixed_array(&inner, $0, &count) }
            guard let pointer, count > 0 else { return .bytes([]) }
            return .bytes(Array(UnsafeRawBufferPointer(start: pointer, count: Int(count))))
        }
        if element.hasPrefix("{"), element.hasSuffix("}") {
            // A dictionary's entry signature is {KV}: K is one basic type's letter, V the rest.
            let body = element.dropFirst().dropLast()
            let key = String(body.prefix(1)), valueSignature = String(body.dropFirst())
            var entries: [DBusValue: DBusValue] = [:]
            while dbus_message_iter_get_arg_type(&inner) == code("e") {
                var entry = DBusMessageIter()
                dbus_message_iter_recurse(&inner, &entry)
                let pair = values(in: &entry)
                if pair.count == 2 { entries[pair[0]] = pair[1] }
                guard dbus_message_iter_next(&inner) != 0 else { break }
            }
            return .dictionary(entries, keySignature: key, valueSignature: valueSignature)
        }
        return .array(values(in: &inner), elementSignature: element)
    }

    /// Opens a container of `type` in `parent`, fills it with `body`, and closes it; abandons it when `body` fails.
    private static func container(_ parent: inout DBusMessageIter, _ type: Unicode.Scalar, _ signature: String?,
                                  _ body: (inout DBusMessageIter) -> Bool) -> Bool {
        var inner = DBusMessageIter()
        let opened: Bool
        if let signature {
            opened = signature.withCString { dbus_message_iter_open_container(&parent, code(type), $0, &inner) } != 0
        } else {
            opened = dbus_message_iter_open_container(&parent, code(type), nil, &inner) != 0
        }
        guard opened else { return false }
        guard body(&inner) else {
            dbus_message_iter_abandon_container(&parent, &inner)
            return false
        }
        return dbus_message_iter_close_container(&parent, &inner) != 0
    }

    /// Whether libdbus would accept `value`: libdbus aborts the process on an invalid object path or signature, a
    /// string with a NUL, or an element whose type is not its array's, so every value is checked before it is written.
    static func isValid(_ value: DBusValue) -> Bool {
        switch value {
        case .string(let text): return !text.utf8.contains(0)
        case .objectPath(let path): return isValidPath(path)
        case .signature(let signature):
            return !signature.utf8.contains(0) && dbus_signature_validate(signature, nil) != 0
        case .array(let elements, let signature):
            return dbus_signature_validate_single(signature, nil) != 0 && elements.allSatisfy { $0.signature == signature && isValid($0) }
        case .dictionary(let entries, let key, let valueSignature):
            return "ybnqiuxtdsog".contains(key) && key.count == 1 && dbus_signature_validate_single(valueSignature, nil) != 0
                && entries.allSatisfy { $0.key.signature == key && $0.value.signature == valueSignature && isValid($0.key) && isValid($0.value) }
        case .structure(let fields): return !fields.isEmpty && fields.allSatisfy(isValid)
        case .variant(let inner): return isValid(inner)
        case .byte, .boolean, .int16, .uint16, .int32, .uint32, .int64, .uint64, .double, .bytes: return true
        }
    }

    /// Whether `path` is an object path: `/`, or `/`-separated names of ASCII letters, digits and `_`.
    static func isValidPath(_ path: String) -> Bool {
        !path.utf8.contains(0) && dbus_validate_path(path, nil) != 0
    }

    /// Appends `value` at `iterator`; `false` when libdbus refuses it (out of memory). Check ``isValid(_:)`` first.
    static func append(_ value: DBusValue, to iterator: inout DBusMessageIter) -> Bool {
        func put<T>(_ type: Unicode.Scalar, _ basic: T) -> Bool {
            var basic = basic
            return withUnsafePointer(to: &basic) { dbus_message_iter_append_basic(&iterator, code(type), $0) } != 0
        }
        func putText(_ type: Unicode.Scalar, _ text: String) -> Bool {
            text.withCString { characters in
                var pointer: UnsafePointer<CChar>? = characters
                return withUnsafePointer(to: &pointer) { dbus_message_iter_append_basic(&iterator, code(type), $0) } != 0
            }
        }
        switch value {
        case .byte(let byte): return put("y", byte)
        case .boolean(let flag): return put("b", UInt32(flag ? 1 : 0))
        case .int16(let number): return put("n", number)
        case .uint16(let number): return put("q", number)
        case .int32(let number): return put("i", number)
        case .uint32(let number): return put("u", number)
        case .int64(let number): return put("x", number)
        case .uint64(let number): return put("t", number)
        case .double(let number): return put("d", number)
        case .string(let text): return putText("s", text)
        case .objectPath(let path): return putText("o", path)
        case .signature(let signature): return putText("g", signature)
        case .bytes(let bytes):
            return container(&iterator, "a", "y") { inner in
                bytes.withUnsafeBufferPointer { buffer in
                    // libdbus wants a pointer even for no bytes.
                    var pointer: UnsafeRawPointer? = buffer.baseAddress.map(UnsafeRawPointer.init) ?? UnsafeRawPointer(bitPattern: 1)
                    return withUnsafePointer(to: &pointer) {
                        dbus_message_iter_append_fixed_array(&inner, code("y"), $0, Int32(buffer.count))
                    } != 0
                }
            }
        case .array(let elements, let signature):
            return container(&iterator, "a", signature) { inner in
                for element in elements where !append(element, to: &inner) { return false }
                return true
            }
        case .dictionary(let entries, let key, let valueSignature):
            return container(&iterator, "a", "{" + key + valueSignature + "}") { inner in
                for (entryKey, entryValue) in entries {
                    let appended = container(&inner, "e", nil) { entry in append(entryKey, to: &entry) && append(entryValue, to: &entry) }
                    if !appended { return false }
                }
                return true
            }
        case .structure(let fields):
            return container(&iterator, "r", nil) { inner in
                for field in fields where !append(field, to: &inner) { return false }
                return true
            }
        case .variant(let inner):
            return container(&iterator, "v", inner.signature) { innerIterator in append(inner, to: &innerIterator) }
        }
    }
}
