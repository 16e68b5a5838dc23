/// A mixer's handle to one loaded ``AudioAsset``: a slot and the generation of the slot, so a
/// handle kept after its asset was freed is rejected instead of naming a newer asset.
public struct AudioAssetID: Hashable, Sendable, CustomStringConvertible {
    /// Slot in the mixer's asset table.
    public let slot: UInt32
    /// Generation of the slot when the asset was loaded.
    public let generation: UInt32

    /// The handle of `slot` at `generation`.
    public init(slot: UInt32, generation: UInt32) {
        self.slot = slot
        self.generation = generation
    }

    /// `asset slot/generation`.
    public var description: String { "asset \(slot)/\(generation)" }
}
