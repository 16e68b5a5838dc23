import ECS

/// The assets a mixer plays, in reference-counted slots.
///
/// Every holder counts: the caller that loaded an asset (until it calls ``release(_:)``) and
/// every voice playing it. Loading the same key again shares the slot instead of decoding
/// again. When the count reaches zero the slot drops its asset (freeing its samples unless the
/// caller still holds the object) and the slot's generation changes, so old handles are
/// rejected.
@safe
final class AudioAssetTable {
    /// The asset of each slot; nil for a free slot.
    private var assets: [AudioAsset?] = []
    /// Filters kept alive for the views that point into them, by slot.
    private var filters: [PolyphaseFilter?] = []
    /// The circularly padded copy of each resampled slot a looping voice plays, made when the
    /// first such voice spawns and kept for the view that points into it.
    private var loops: [LoopedSamples?] = []
    /// The stream of each streaming slot, kept alive for the view that points to its ring.
    private var streams: [AudioStream?] = []
    /// Generation of each slot.
    private var generations: [UInt32] = []
    /// Holders of each slot.
    private var holders: [Int] = []
    /// The holders of each slot that are voices.
    private var voiceHolders: [Int] = []
    /// The key each slot was loaded under.
    private var keys: [String?] = []
    /// Slots by key.
    private var slotsByKey: [String: Int] = [:]
    /// Free slots, reused last in first out.
    private var freeSlots: [Int] = []
    /// What the mix loop reads, by slot.
    private(set) var views: [AssetView] = []

    /// Slots holding an asset.
    var count: Int { assets.count - freeSlots.count }

    /// The slot of `key` with one more holder, or nil when no asset is loaded under it.
    func share(key: String) -> AudioAssetID? {
        guard let slot = slotsByKey[key] else { return nil }
        holders[slot] += 1
        return AudioAssetID(slot: UInt32(slot), generation: generations[slot])
    }

    /// Puts `asset` in a slot with one holder, resampled by `filter` when given.
    func add(_ asset: AudioAsset, key: String?, filter: PolyphaseFilter?) -> AudioAssetID {
        let view = unsafe AssetView(samples: asset.firstFrame, frames: asset.frames, channels: asset.channels, filter: filter?.view)
        return add(asset, key: key, filter: filter, stream: nil, view: view, voiceHeld: false)
    }

    /// Puts `stream` in a slot held by its voice alone; `placeholder` is an empty asset of
    /// the stream's shape, so the slot reads like any other.
    func add(_ stream: AudioStream, placeholder: AudioAsset) -> AudioAssetID {
        var view = unsafe AssetView(samples: nil, frames: 0, channels: stream.ring.channels, filter: nil)
        unsafe view.ring = Unmanaged.passUnretained(stream.ring).toOpaque()
        return add(placeholder, key: nil, filter: nil, stream: stream, view: view, voiceHeld: true)
    }

    /// Fills a free (or new) slot with one holder, a voice when `voiceHeld`.
    private func add(
        _ asset: AudioAsset, key: String?, filter: PolyphaseFilter?, stream: AudioStream?, view: AssetView, voiceHeld: Bool
    ) -> AudioAssetID {
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            assets[slot] = asset
            filters[slot] = filter
            loops[slot] = nil
            streams[slot] = stream
            holders[slot] = 1
            voiceHolders[slot] = voiceHeld ? 1 : 0
            keys[slot] = key
            views[slot] = view
        } else {
            slot = assets.count
            assets.append(asset)
            filters.append(filter)
            loops.append(nil)
            streams.append(stream)
            generations.append(0)
            holders.append(1)
            voiceHolders.append(voiceHeld ? 1 : 0)
            keys.append(key)
            views.append(view)
        }
        if let key { slotsByKey[key] = slot }
        return AudioAssetID(slot: UInt32(slot), generation: generations[slot])
    }

    /// The slot of `id`.
    /// - Throws: ``AudioError/invalidArgument(_:)`` for a handle whose asset was freed or never loaded.
    func slot(of id: AudioAssetID) throws(AudioError) -> Int {
        let slot = Int(id.slot)
        guard slot < assets.count, assets[slot] != nil, generations[slot] == id.generation else {
            throw AudioError.invalidArgument("\(id) is not loaded (freed or never loaded)")
        }
        return slot
    }

    /// The asset of `id`.
    /// - Throws: The errors of ``slot(of:)``.
    func asset(_ id: AudioAssetID) throws(AudioError) -> AudioAsset {
        // Cannot be nil: `slot(of:)` checked that the slot holds an asset.
        assets[try slot(of: id)]!
    }

    /// Adds a voice to the holders of `id`; a `looping` voice of a resampled asset gets the
    /// asset's ``LoopedSamples``, made now if no looping voice made them before.
    /// - Throws: The errors of ``slot(of:)``.
    func retainForVoice(_ id: AudioAssetID, looping: Bool) throws(AudioError) {
        let slot = try slot(of: id)
        if looping, views[slot].filter != nil, loops[slot] == nil, let asset = assets[slot], asset.frames > 0 {
            let looped = LoopedSamples(asset)
            loops[slot] = looped
            unsafe views[slot].loopSamples = looped.firstFrame
        }
        holders[slot] += 1
        voiceHolders[slot] += 1
    }

    /// Removes a holder from `id`, a voice when `voice`; the last one frees the slot.
    /// - Throws: The errors of ``slot(of:)``; `invalidArgument` for a release by a loader
    ///   when only voices hold the asset (releasing it then would free it under them).
    func release(_ id: AudioAssetID, voice: Bool) throws(AudioError) {
        let slot = try slot(of: id)
        if voice {
            voiceHolders[slot] -= 1
        } else if holders[slot] == voiceHolders[slot] {
            throw AudioError.invalidArgument("\(id) has no loader's hold left to release; its \(voiceHolders[slot]) voices hold it")
        }
        holders[slot] -= 1
        guard holders[slot] == 0 else { return }
        if let key = keys[slot] { slotsByKey[key] = nil }
        streams[slot]?.close()
        views[slot] = .empty
        assets[slot] = nil
        filters[slot] = nil
        loops[slot] = nil
        streams[slot] = nil
        keys[slot] = nil
        generations[slot] &+= 1
        freeSlots.append(slot)
    }

    /// Whether every stream has at least `frames` frames decoded ahead or has ended.
    func streamsHold(frames: Int) -> Bool {
        for case let stream? in streams where stream.ring.readableFrames < frames && !stream.ring.isEnded {
            return false
        }
        return true
    }

    /// Holders of `id`.
    /// - Throws: The errors of ``slot(of:)``.
    func holderCount(_ id: AudioAssetID) throws(AudioError) -> Int {
        holders[try slot(of: id)]
    }
}
