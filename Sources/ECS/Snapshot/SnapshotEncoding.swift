/// The two encodings of a world snapshot.
public enum SnapshotEncoding: Sendable, Equatable, CaseIterable {
    /// The compact, versioned binary format, every number little-endian:
    ///
    /// | bytes | field |
    /// |---|---|
    /// | 8 | magic `89 45 43 53 53 4E 50 0A` (`\x89ECSSNP\n`: a high byte and a newline, so that 7-bit or text-mode transfers show) |
    /// | 2 | format version, `1` |
    /// | 2 | flags, `0` |
    /// | 4 | slot count `N`, `4` free count `F`, `4` pending count `P`, `4` section count `S` |
    /// | 5 × N | each entity index's slot: `UInt32` generation, `UInt8` 1 when alive, 0 when not |
    /// | 4 × F | the free list's indices, bottom first (the last is reused by the next spawn) |
    /// | 4 × P | the indices destroyed since the last ``World/compact()``, in destroy order |
    /// | S sections | one per component type with values, in ascending name order: `UInt16` name byte count, the UTF-8 name, `UInt8` value form (0: the component's ``SnapshotBinaryCodable`` fields; 1: each value as a `UInt32` byte count and its JSON text), `UInt32` entry count, then each entry: `UInt32` entity index (strictly ascending) and the value |
    /// | 8 | ``SnapshotChecksum`` of every byte before it |
    ///
    /// A dead slot whose generation is `UInt32.max` is exhausted: it is in neither list and
    /// never reused. A loader refuses another magic, another version, non-zero flags and a
    /// checksum that does not match before it reads any count.
    case binary
    /// A JSON document, readable and diffable, for tools, fixtures and debugging:
    /// ```json
    /// {"format": "ecs-world-snapshot", "version": 1,
    ///  "slots": [{"generation": 0, "alive": true}, {"generation": 1, "alive": false}],
    ///  "free": [1], "pending": [],
    ///  "components": {"Position": [{"entity": 0, "value": {"x": 1, "y": 2}}]}}
    /// ```
    /// The fields mean what they do in the binary form; each value is the component's
    /// `Codable` encoding. Saved compact, with every object's members sorted by name; read
    /// strictly by RFC 8259 (whitespace allowed, a member name twice in one object or more
    /// than 128 levels of nesting refused).
    case json
}
