import ECS

extension AudioError {
    /// The world's `error` as an audio error: `invalidArgument` stays `invalidArgument`; a voice
    /// that is gone (`stale_entity`) or an entity that is not a voice (`missing_component`) is
    /// ``notFound(_:)`` with the world's message; anything else the world refused (a structural
    /// change inside a query loop or a non-exclusive system, a missing resource) is
    /// ``world(_:)``, which keeps the world's code and message.
    public init(_ error: ECSError) {
        switch error.code {
        case .invalidArgument: self = .invalidArgument(error.message)
        case .staleEntity, .missingComponent: self = .notFound(error.message)
        default: self = .world(error)
        }
    }

    /// What `body` returns, its ``ECSError`` turned into an audio error.
    static func world<T>(_ body: () throws(ECSError) -> T) throws(AudioError) -> T {
        do {
            return try body()
        } catch {
            throw AudioError(error)
        }
    }
}
