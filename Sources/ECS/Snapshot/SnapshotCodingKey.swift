/// A coding key made from any string or array index: the component names of a JSON snapshot,
/// `super`, and the element positions in the coding paths of JSON coding errors.
struct SnapshotCodingKey: CodingKey {
    /// The name of a string key.
    private let name: String
    let intValue: Int?

    var stringValue: String { intValue.map { String($0) } ?? name }

    init(stringValue: String) {
        name = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        name = ""
        self.intValue = intValue
    }
}
