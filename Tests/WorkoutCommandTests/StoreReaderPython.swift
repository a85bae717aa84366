/// A reader of the store's heart rate in Python, written from the store's
/// format rather than from the Swift code that reads it, so the fault tests
/// check what is on disk with a reader of their own: plain rows, and quantity
/// series' chunks (Gorilla-style XOR coding, see `CompressedRows`).
enum StoreReaderPython {
    static let source = #"""
        import sqlite3, struct, sys

        class Bits:
            def __init__(self, data):
                self.words = [struct.unpack_from('<Q', data, i)[0] for i in range(0, len(data) - len(data) % 8, 8)]
                self.position = 0
            def read(self, bits):
                result = 0
                for _ in range(bits):
                    word = self.words[self.position // 64]
                    result = (result << 1) | ((word >> (63 - self.position % 64)) & 1)
                    self.position += 1
                return result

        def f64(bits):
            return struct.unpack('<d', struct.pack('<Q', bits))[0]

        class Channel:
            def __init__(self):
                self.previous, self.leading, self.trailing = 0, 64, 0
            def bits(self, reader):
                if reader.read(1) == 0:
                    return self.previous
                if reader.read(1) == 1:
                    self.leading = reader.read(6)
                    self.trailing = 64 - self.leading - (reader.read(6) + 1)
                self.previous ^= reader.read(64 - self.leading - self.trailing) << self.trailing
                return self.previous
            def after(self, base, reader):
                return base + f64(self.bits(reader)) if reader.read(1) == 0 else f64(reader.read(64))

        def chunk_rows(data, count):
            reader = Bits(data)
            start_channel, duration_channel, value_channel = Channel(), Channel(), Channel()
            start = 0.0
            for _ in range(count):
                start = start_channel.after(start, reader)
                end = duration_channel.after(start, reader)
                value = f64(value_channel.bits(reader))
                if reader.read(1) == 1:
                    reader.read(64)  # source and count, not written by the live builder
                yield start, end, value

        def heart_rates(db):
            """(start, value in the unit it was recorded in) of every heart rate, in order of start."""
            return quantities(db, 'HKQuantityTypeIdentifierHeartRate')

        def quantities(db, identifier):
            """(start, value in the unit it was recorded in) of every quantity of the type `identifier`, in order of start."""
            rows = []
            for uuid, kind, start, value in db.execute(
                    "SELECT o.uuid, o.kind, o.start, coalesce(o.raw_value, o.value) FROM object o JOIN data_type t ON t.id = o.type "
                    "WHERE t.identifier = ? ORDER BY o.start, o.id", (identifier,)):
                if kind == 8:
                    for data, count in db.execute("SELECT data, count FROM quantity_series_chunk WHERE series = ? ORDER BY first, rowid", (uuid,)):
                        rows += [(s, v) for s, _, v in chunk_rows(data, count)]
                else:
                    rows.append((start, value))
            rows.sort(key=lambda row: row[0])
            return rows

        """#
}
