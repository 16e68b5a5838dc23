/// Typed singletons of a world, one value per type: time, random generators, configuration.
public struct Resources {
    private var values: [ObjectIdentifier: Any] = [:]

    /// An empty set.
    public init() {}

    /// The resource of type `R`, or `nil`.
    public subscript<R>(_ type: R.Type) -> R? {
        get { values[ObjectIdentifier(R.self)] as? R }
        set { values[ObjectIdentifier(R.self)] = newValue }
    }

    /// Stores `value`, replacing any resource of the same type.
    public mutating func insert<R>(_ value: R) {
        values[ObjectIdentifier(R.self)] = value
    }

    /// The resource of type `R`.
    /// - Throws: ``ECSError/Code-swift.enum/missingResource`` when none was inserted.
    public func get<R>(_ type: R.Type) throws(ECSError) -> R {
        guard let value = self[R.self] else {
            throw ECSError(.missingResource, "no \(R.self) resource in this world")
        }
        return value
    }

    /// Removes and returns the resource of type `R`.
    @discardableResult
    public mutating func remove<R>(_ type: R.Type) -> R? {
        values.removeValue(forKey: ObjectIdentifier(R.self)) as? R
    }
}
