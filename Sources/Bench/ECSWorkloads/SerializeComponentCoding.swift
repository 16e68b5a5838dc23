import ECS

// The snapshot forms of the ecs_bench_suite components, for `serialize_binary` and
// `serialize_text`: the binary form writes the floats in declaration order (64 + 3 × 12 bytes
// per entity); the JSON form names the fields, as serde's derived forms do for hecs.

extension Vector3: Codable, SnapshotBinaryCodable {
    private enum Key: String, CodingKey { case x, y, z }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        self.init(
            x: try container.decode(Float.self, forKey: .x), y: try container.decode(Float.self, forKey: .y),
            z: try container.decode(Float.self, forKey: .z))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(x, forKey: .x)
        try container.encode(y, forKey: .y)
        try container.encode(z, forKey: .z)
    }

    func encode(to writer: inout SnapshotWriter) {
        writer.write(x)
        writer.write(y)
        writer.write(z)
    }

    init(from reader: inout SnapshotReader) throws(ECSError) {
        self.init(x: try reader.read(), y: try reader.read(), z: try reader.read())
    }
}

extension Transform: Codable, SnapshotBinaryCodable {
    private enum Key: String, CodingKey { case matrix }

    /// The matrix as 16 floats, column by column, read straight from a nested unkeyed
    /// container (no array in between).
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        var floats = try container.nestedUnkeyedContainer(forKey: .matrix)
        guard floats.count == 16 else {
            throw DecodingError.dataCorruptedError(
                forKey: .matrix, in: container, debugDescription: "\(floats.count.map(String.init) ?? "an unknown number of") floats, not 16")
        }
        func column(_ floats: inout any UnkeyedDecodingContainer) throws -> SIMD4<Float> {
            SIMD4(try floats.decode(Float.self), try floats.decode(Float.self), try floats.decode(Float.self), try floats.decode(Float.self))
        }
        self.init(matrix: Matrix4(c0: try column(&floats), c1: try column(&floats), c2: try column(&floats), c3: try column(&floats)))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        var floats = container.nestedUnkeyedContainer(forKey: .matrix)
        func write(_ column: SIMD4<Float>, _ floats: inout any UnkeyedEncodingContainer) throws {
            try floats.encode(column.x)
            try floats.encode(column.y)
            try floats.encode(column.z)
            try floats.encode(column.w)
        }
        try write(matrix.c0, &floats)
        try write(matrix.c1, &floats)
        try write(matrix.c2, &floats)
        try write(matrix.c3, &floats)
    }

    func encode(to writer: inout SnapshotWriter) {
        func write(_ column: SIMD4<Float>, _ writer: inout SnapshotWriter) {
            writer.write(column.x)
            writer.write(column.y)
            writer.write(column.z)
            writer.write(column.w)
        }
        write(matrix.c0, &writer)
        write(matrix.c1, &writer)
        write(matrix.c2, &writer)
        write(matrix.c3, &writer)
    }

    init(from reader: inout SnapshotReader) throws(ECSError) {
        func column(_ reader: inout SnapshotReader) throws(ECSError) -> SIMD4<Float> {
            SIMD4(try reader.read(), try reader.read(), try reader.read(), try reader.read())
        }
        self.init(matrix: Matrix4(c0: try column(&reader), c1: try column(&reader), c2: try column(&reader), c3: try column(&reader)))
    }
}

extension Position: Codable, SnapshotBinaryCodable {
    init(from decoder: any Decoder) throws { self.init(value: try Vector3(from: decoder)) }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    func encode(to writer: inout SnapshotWriter) { value.encode(to: &writer) }
    init(from reader: inout SnapshotReader) throws(ECSError) { self.init(value: try Vector3(from: &reader)) }
}

extension Rotation: Codable, SnapshotBinaryCodable {
    init(from decoder: any Decoder) throws { self.init(value: try Vector3(from: decoder)) }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    func encode(to writer: inout SnapshotWriter) { value.encode(to: &writer) }
    init(from reader: inout SnapshotReader) throws(ECSError) { self.init(value: try Vector3(from: &reader)) }
}

extension Velocity: Codable, SnapshotBinaryCodable {
    init(from decoder: any Decoder) throws { self.init(value: try Vector3(from: decoder)) }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    func encode(to writer: inout SnapshotWriter) { value.encode(to: &writer) }
    init(from reader: inout SnapshotReader) throws(ECSError) { self.init(value: try Vector3(from: &reader)) }
}
