/// A coding key made from any string or array index: the component names of a JSON snapshot,
/// `super`, and the element positions in the coding paths of JSON coding errors. Three words,
/// so that it fits in an existential without a box.
struct SnapshotCodingKey: CodingKey {
    /// The name of a string key; empty for an index.
    private let name: String
    /// The index of an index key; -1 for a string.
    private let index: Int

    var stringValue: String { index >= 0 ? String(index) : name }
    var intValue: Int? { index >= 0 ? index : nil }

    init(stringValue: String) {
        name = stringValue
        index = -1
    }

    init(intValue: Int) {
        name = ""
        index = Swift.max(intValue, 0)
    }
}
