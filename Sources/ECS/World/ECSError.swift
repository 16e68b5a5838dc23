/// The one error type of the ECS library: a stable machine-readable code and a readable message.
public struct ECSError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Stable error codes; their raw values never change between releases.
    public enum Code: String, Sendable, CaseIterable {
        /// An entity id whose entity was destroyed (or that never existed).
        case staleEntity = "stale_entity"
        /// The entity has no component of the requested type.
        case missingComponent = "missing_component"
        /// The entity is alive but a query does not match it: it lacks a term's component, or
        /// a filter rejects it.
        case queryMismatch = "query_mismatch"
        /// A resource of the requested type was never inserted.
        case missingResource = "missing_resource"
        /// An argument is out of range or malformed (negative counts, NaN, duplicates…).
        case invalidArgument = "invalid_argument"
        /// A hard limit was reached (entity index space, table size).
        case capacity = "capacity"
        /// A structural change was attempted while a query was iterating.
        case structuralChangeDuringIteration = "structural_change_during_iteration"
        /// A structural change from inside a callback that holds pointers into a table
        /// (`modify`, the `retain` predicate, the `spawn(count:)` initializer).
        case reentrantStructuralChange = "reentrant_structural_change"
        /// A system touched a component or resource outside its declared ``SystemAccess``.
        case undeclaredAccess = "undeclared_access"
        /// Ordering constraints between systems form a cycle.
        case cycle = "cycle"
        /// A plugin was added to an app that already has it.
        case duplicatePlugin = "duplicate_plugin"
        /// The commands observers recorded in reaction to one change did not settle within the
        /// world's ``ObserverLimits``.
        case observerLimit = "observer_limit"
        /// A world snapshot is truncated, corrupt, foreign or of an unknown format version, or
        /// names a component the loader does not know; nothing was loaded.
        case corruptSnapshot = "corrupt_snapshot"
        /// A snapshot file could not be read or written; the message carries the system's reason.
        case snapshotFile = "snapshot_file"
    }

    /// What failed, as a stable code.
    public let code: Code
    /// A readable, single-line explanation.
    public let message: String
    /// Extra facts about the failure (for example the event name of a decode error).
    public let metadata: [String: String]

    /// Creates an error.
    @inlinable
    public init(_ code: Code, _ message: String, metadata: [String: String] = [:]) {
        self.code = code
        self.message = message
        self.metadata = metadata
    }

    /// `[code] message`.
    public var description: String { "[\(code.rawValue)] \(message)" }

    @usableFromInline @inline(never)
    static func stale(_ entity: Entity) -> ECSError {
        ECSError(.staleEntity, "entity \(entity) is not alive (destroyed or never spawned)")
    }

    @usableFromInline @inline(never)
    static func missing(_ type: Any.Type, on entity: Entity) -> ECSError {
        ECSError(.missingComponent, "entity \(entity) has no \(type) component")
    }

    @usableFromInline static let duringIteration = ECSError(
        .structuralChangeDuringIteration,
        "structural change while a query is iterating; record it in a Commands buffer and apply it after the loop"
    )
}

extension ECSError.Code: CustomStringConvertible {
    /// The stable string, for example `stale_entity`, so that an interpolated code reads as logged.
    public var description: String { rawValue }
}
