import Foundation

/// An opaque reference to one stream opened by a ``DecoderPort``.
public struct DecodeHandle: Hashable, Sendable {
    /// The identity of the stream inside its decoder.
    public let id: UUID

    /// Creates a handle with the given identity.
    public init(id: UUID = UUID()) {
        self.id = id
    }
}
