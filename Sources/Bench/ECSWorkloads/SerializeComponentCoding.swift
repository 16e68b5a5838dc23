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

    /// The matrix as 16 floats, column by column.
    private var floats: [Float] {
        [matrix.c0, matrix.c1, matrix.c2, matrix.c3].flatMap { [$0.x, $0.y, $0.z, $0.w] }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let floats = try container.decode([Float].self, forKey: .matrix)
        guard floats.count == 16 else {
            throw DecodingError.dataCorruptedError(forKey: .matrix, in: container, debugDescription: "\(floats.count) floats, not 16")
        }
        let column = { (c: Int) in SIMD4<Float>(floats[4 * c], floats[4 * c + 1], floats[4 * c + 2], floats[4 * c + 3]) }
        self.init(matrix: Matrix4(c0: column(0), c1: column(1), c2: column(2), c3: column(3)))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(floats, forKey: .matrix)
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
