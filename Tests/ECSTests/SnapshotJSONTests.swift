import Foundation
import Testing
@testable import ECS

/// A component whose `Codable` form uses every kind of container: nested and keyed arrays,
/// a dictionary (members in hash order, which the encoder sorts), optionals, an enum with
/// associated values, a super encoder, and keys declared out of name order.
struct Inventory: Equatable, Codable {
    enum Item: Equatable, Codable {
        case sword(damage: Int)
        case shield
        case potion(String, Double)
    }

    var zeta: Double
    var items: [Item]
    var counts: [String: Int]
    var note: String?
    var missing: Int?
    var grid: [[Float]]
    var flag: Bool
    var big: UInt64
    var small: Int8
    var base: Base

    /// A value encoded through `superEncoder(forKey:)`.
    struct Base: Equatable, Codable {
        var level: Int16
    }

    enum CodingKeys: String, CodingKey {
        case zeta, items, counts, note, missing, grid, flag, big, small, base
    }

    init(zeta: Double, items: [Item], counts: [String: Int], note: String?, grid: [[Float]], flag: Bool, big: UInt64, small: Int8, base: Base) {
        (self.zeta, self.items, self.counts, self.note, self.grid) = (zeta, items, counts, note, grid)
        (self.flag, self.big, self.small, self.base) = (flag, big, small, base)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        zeta = try container.decode(Double.self, forKey: .zeta)
        items = try container.decode([Item].self, forKey: .items)
        counts = try container.decode([String: Int].self, forKey: .counts)
        note = try container.decodeIfPresent(String.self, forKey: .note)
        missing = try container.decodeIfPresent(Int.self, forKey: .missing)
        grid = try container.decode([[Float]].self, forKey: .grid)
        flag = try container.decode(Bool.self, forKey: .flag)
        big = try container.decode(UInt64.self, forKey: .big)
        small = try container.decode(Int8.self, forKey: .small)
        base = try Base(from: try container.superDecoder(forKey: .base))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(zeta, forKey: .zeta)
        try container.encode(items, forKey: .items)
        try container.encode(counts, forKey: .counts)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encodeIfPresent(missing, forKey: .missing)
        try container.encode(grid, forKey: .grid)
        try container.encode(flag, forKey: .flag)
        try container.encode(big, forKey: .big)
        try container.encode(small, forKey: .small)
        try base.encode(to: container.superEncoder(forKey: .base))
    }

    static let sample = Inventory(
        zeta: 0.1, items: [.sword(damage: -3), .shield, .potion("h\u{E9} \"/\\\n\u{1}\u{1F600}", 2.5e-300)],
        counts: ["b": 2, "a": 1, "A": 0, "a10": 10, "a9": 9, "\u{E9}": 5, "z": 26], note: "n", grid: [[1, -0.0], [], [3.4028235e38, .leastNonzeroMagnitude]],
        flag: true, big: .max, small: .min, base: Base(level: -7))
}

/// A component that writes one member twice.
struct Twice: Codable {
    enum Key: String, CodingKey { case a, b }
    init() {}
    init(from decoder: any Decoder) throws {}
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(1, forKey: .b)
        try container.encode(2, forKey: .a)
        try container.encode(3, forKey: .b)
    }
}

/// A component that writes to a nested container after its parent moved on.
struct Interleaved: Codable {
    enum Key: String, CodingKey { case a, b }
    init() {}
    init(from decoder: any Decoder) throws {}
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        var nested = container.nestedUnkeyedContainer(forKey: .a)
        try container.encode(1, forKey: .b)
        try nested.encode(2)
    }
}

/// The JSON snapshot's own writer and parser: the bytes they write, exactness of numbers,
/// and strict refusal of everything RFC 8259 and the snapshot format do not allow.
@Suite struct SnapshotJSONTests {
    let schema: SnapshotSchema
    let good: [UInt8]

    init() throws {
        schema = try SnapshotFixtures.schema()
        good = try schema.save(try SnapshotFixtures.busyWorld().world, as: .json)
    }

    /// A seed of the fuzz corpus: JSON as Foundation's `JSONEncoder` with sorted keys writes it.
    func seed(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/Corpus/world-snapshot/\(name)")
        return Array(try Data(contentsOf: url))
    }

    /// Loads `text` as a JSON snapshot into a fresh world; expects a corrupt-snapshot error
    /// whose message contains `fragment`, and the world left empty.
    func expectRefused(_ text: String, _ fragment: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        let world = World()
        let error = #expect(throws: ECSError.self, sourceLocation: sourceLocation) {
            try schema.load(Array(text.utf8), as: .json, into: world)
        }
        #expect(error?.code == .corruptSnapshot, sourceLocation: sourceLocation)
        #expect(error?.message.contains(fragment) == true, "\(error?.message ?? "")", sourceLocation: sourceLocation)
        #expect(world.entityCount == 0, sourceLocation: sourceLocation)
    }

    /// The good snapshot with one component value replaced: the "Place" of entity 0.
    func withPlace(_ value: String) -> String {
        String(decoding: good, as: UTF8.self).replacingOccurrences(of: #"{"x":0,"y":-0}"#, with: value)
    }

    @Test func theDocumentKeepsItsBytes() throws {
        #expect(good == (try seed("busy-world.json")))
        #expect(try schema.save(World(), as: .json) == (try seed("empty-world.json")))
        let world = World()
        try schema.load(try seed("busy-world.json"), as: .json, into: world)
        #expect(try schema.save(world, as: .json) == good)
    }

    @Test func theJSONSeedsOfTheFuzzCorpusLoadOrAreRefusedAsNamed() throws {
        let seeds = [
            ("escaped-strings.json", true), ("whitespace.json", true), ("deep-nesting.json", true),
            ("lone-surrogate.json", false), ("duplicate-member.json", false), ("numbers.json", false),
        ]
        for (name, loads) in seeds {
            let world = World()
            let bytes = try seed(name)
            if loads {
                try schema.load(bytes, as: .json, into: world)
                let copy = World()
                try schema.load(try schema.save(world, as: .json), as: .json, into: copy)
                #expect(try schema.save(copy) == (try schema.save(world)), "\(name)")
            } else {
                let error = #expect(throws: ECSError.self, "\(name)") { try schema.load(bytes, as: .json, into: world) }
                #expect(error?.code == .corruptSnapshot)
                #expect(world.entityCount == 0)
            }
        }
    }

    @Test func componentValuesAreWrittenAsFoundationWritesThemAndReadBack() throws {
        var schema = SnapshotSchema()
        try schema.register(Inventory.self, name: "Inventory")
        let world = World()
        let entity = try world.spawn(Inventory.sample)
        let bytes = try schema.save(world, as: .json)
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        let expected = String(decoding: try foundation.encode(Inventory.sample), as: UTF8.self)
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""value":"# + expected + "}]"))
        let copy = World()
        try schema.load(bytes, as: .json, into: copy)
        #expect(try copy.get(Inventory.self, of: entity) == Inventory.sample)
        let binaryCopy = World()
        try schema.load(try schema.save(world), into: binaryCopy)
        #expect(try binaryCopy.get(Inventory.self, of: entity) == Inventory.sample)
    }

    @Test func floatsAndDoublesRoundTripExactly() throws {
        // The extremes, then the smallest and largest subnormals and random bit patterns.
        var values: [Float] = [0, -0.0, 1, -1, 0.1, 1.0 / 3, .pi, 16_777_216, 16_777_218, .greatestFiniteMagnitude, -.greatestFiniteMagnitude]
        values += [.leastNonzeroMagnitude, Float(bitPattern: 0x007F_FFFF)]
        var generator = SplitMix64(seed: 0x5EED_F10A7)
        for _ in 0..<2_000 { values.append(Float(bitPattern: generator.next() & 0x7F7F_FFFF | (generator.next() & 1) << 31)) }
        var schema = SnapshotSchema()
        try schema.register(Place.self, name: "Place")
        let world = World()
        var entities: [Entity] = []
        for pair in stride(from: 0, to: values.count - 1, by: 2) { entities.append(try world.spawn(Place(x: values[pair], y: values[pair + 1]))) }
        let copy = World()
        try schema.load(try schema.save(world, as: .json), as: .json, into: copy)
        for entity in entities {
            let (saved, loaded) = (try world.get(Place.self, of: entity), try copy.get(Place.self, of: entity))
            #expect(saved.x.bitPattern == loaded.x.bitPattern && saved.y.bitPattern == loaded.y.bitPattern)
        }
        for _ in 0..<2_000 {
            let value = Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF)
            var writer = JSONTextWriter()
            writer.write(value)
            #expect(JSONNumberReader.double(writer.bytes, 0..<writer.count)?.bitPattern == value.bitPattern)
        }
    }

    @Test func numbersAreReadExactlyOrRefused() {
        func float(_ text: String) -> Float? { JSONNumberReader.float(Array(text.utf8), 0..<text.utf8.count) }
        func double(_ text: String) -> Double? { JSONNumberReader.double(Array(text.utf8), 0..<text.utf8.count) }
        func uint32(_ text: String) -> UInt32? { JSONNumberReader.integer(Array(text.utf8), 0..<text.utf8.count, as: UInt32.self) }
        func int8(_ text: String) -> Int8? { JSONNumberReader.integer(Array(text.utf8), 0..<text.utf8.count, as: Int8.self) }
        for text in ["0.1", "16777217", "3.4028235e38", "1e-45", "7.0e-46", "123456789012345678901234567890", "-2.5E+3", "0.000001"] {
            #expect(float(text) == Float(text)!, "\(text)")
            #expect(double(text) == Double(text)!, "\(text)")
        }
        #expect(float("3.5e38") == nil)
        #expect(double("1e309") == nil)
        #expect(double("1e-400") == 0)
        #expect(uint32("4294967295") == .max)
        #expect(uint32("4294967296") == nil)
        #expect(uint32("-1") == nil)
        #expect(uint32("-0") == 0)
        #expect(uint32("99999999999999999999999") == nil)
        #expect(int8("-128") == .min)
        #expect(int8("128") == nil)
    }

    @Test func numbersOutsideTheirTypeOrGrammarAreRefused() {
        let json = String(decoding: good, as: UTF8.self)
        expectRefused(json.replacingOccurrences(of: #""version":1"#, with: #""version":65537"#), "version")
        expectRefused(json.replacingOccurrences(of: #""generation":0"#, with: #""generation":4294967296"#), "generation")
        expectRefused(json.replacingOccurrences(of: #""generation":0"#, with: #""generation":0.5"#), "generation")
        expectRefused(json.replacingOccurrences(of: #""generation":0"#, with: #""generation":1e0"#), "generation")
        expectRefused(withPlace(#"{"x":1e39,"y":0}"#), "does not fit in Float")
        expectRefused(json.replacingOccurrences(of: #""amount":8"#, with: #""amount":2147483648"#), "Dose")
        expectRefused(json.replacingOccurrences(of: #""amount":8"#, with: #""amount":8.5"#), "Dose")
        for number in ["01", "1.", ".5", "+1", "-", "1e", "1e+", "-x", "0x10", "NaN", "Infinity", "1_000"] {
            expectRefused(withPlace(#"{"x":\#(number),"y":0}"#), "at byte")
        }
    }

    @Test func nestingDeeperThanTheLimitIsRefused() throws {
        let depth = JSONTapeParser.maximumDepth
        // The document is one level; an extra member nested to the limit is read and ignored.
        let json = String(decoding: good, as: UTF8.self).dropLast()
        let world = World()
        try schema.load(Array((json + #","extra":"# + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + "}").utf8), as: .json, into: world)
        #expect(world.entityCount > 0)
        expectRefused(json + #","extra":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}", "nested deeper")
        expectRefused(String(repeating: "[", count: 100_000), "nested deeper")
        expectRefused(String(repeating: #"{"a":"#, count: 100_000), "nested deeper")
    }

    @Test func badStringsAreRefused() {
        for text in [#"\x"#, #"\u12"#, #"\u12G4"#, #"\"#, "\u{1}", "\n", #"\uD800"#, #"\uDC00"#, #"\uD800\u0041"#, #"\uD800x"#, #"\uDBFF\uDBFF"#] {
            expectRefused(withPlace(#"{"x":0,"y":0,"s":"\#(text)"}"#), "at byte")
        }
        let prefix = Array(withPlace(#"{"x":0,"y":0,"s":"@"}"#).utf8)
        let at = prefix.firstIndex(of: UInt8(ascii: "@"))!
        for bytes: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0x80]] {
            var text = prefix
            text.replaceSubrange(at...at, with: bytes)
            let world = World()
            let error = #expect(throws: ECSError.self) { try schema.load(text, as: .json, into: world) }
            #expect(error?.message.contains("UTF-8") == true)
        }
        // Valid escapes and a surrogate pair are read.
        let world = World()
        try? schema.load(Array(withPlace(#"{"x":0,"y":0,"s":"\"\\\/\b\f\n\r\t\u00e9\uD83D\uDE00"}"#).utf8), as: .json, into: world)
        #expect(world.entityCount > 0)
    }

    @Test func trailingTextAndDuplicateMembersAreRefused() throws {
        let json = String(decoding: good, as: UTF8.self)
        expectRefused(json + "x", "text after the JSON value")
        expectRefused(json + "{}", "text after the JSON value")
        expectRefused(json + ",", "text after the JSON value")
        expectRefused(json.replacingOccurrences(of: #""version":1"#, with: #""version":1,"version":1"#), "repeats")
        expectRefused(withPlace(#"{"x":0,"y":0,"x":1}"#), "repeats")
        expectRefused(withPlace(#"{"x":0,"y":0,"\u0078":1}"#), "repeats")
        let many = (0..<40).map { #""m\#($0)":0"# }.joined(separator: ",")
        expectRefused(withPlace(#"{"x":0,"y":0,\#(many),"m39":1}"#), "repeats")
        let world = World()
        try schema.load(Array((" \n\t" + json + "\r\n ").utf8), as: .json, into: world)
        #expect(world.entityCount > 0)
    }

    @Test func misshapenDocumentsSayWhatIsWrong() {
        let json = String(decoding: good, as: UTF8.self)
        expectRefused(#"[]"#, "not an object")
        expectRefused(#"{"format":"ecs-world-snapshot"}"#, "lacks \"version\"")
        expectRefused(json.replacingOccurrences(of: #""slots":["#, with: #""slots":[1,"#), "not an object")
        expectRefused(json.replacingOccurrences(of: #""free":[1,4]"#, with: #""free":{}"#), "not an array")
        expectRefused(json.replacingOccurrences(of: #""components":{"#, with: #""components":{"Zed":[],"#), "Zed")
        expectRefused(json.replacingOccurrences(of: #""entity":3,"#, with: ""), "lacks \"entity\"")
        expectRefused(withPlace(#"{"x":0}"#), "no member \"y\"")
        expectRefused(withPlace(#"[0,0]"#), "Place")
    }

    @Test func valuesJSONCannotHoldOrThatRepeatAMemberAreTypedSaveErrors() throws {
        var schema = SnapshotSchema()
        try schema.register(Twice.self, name: "Twice")
        let world = World()
        try world.spawn(Twice())
        for encoding in SnapshotEncoding.allCases {
            var bytes: [UInt8] = [1, 2, 3]
            let error = try #require(throws: ECSError.self) { try schema.save(world, as: encoding, into: &bytes) }
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains("encoded twice"))
        }
        var interleaving = SnapshotSchema()
        try interleaving.register(Interleaved.self, name: "Interleaved")
        let other = World()
        try other.spawn(Interleaved())
        let error = try #require(throws: ECSError.self) { try interleaving.save(other, as: .json) }
        #expect(error.code == .invalidArgument)
        #expect(error.message.contains("moved on"))
    }
}
