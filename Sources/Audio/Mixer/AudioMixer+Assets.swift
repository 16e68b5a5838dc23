import ECS

extension AudioMixer {
    /// Loads `asset` with the caller as its one holder; release it with ``releaseAsset(_:)``
    /// (voices hold it on their own while they exist).
    /// - Throws: ``AudioError/invalidArgument(_:)`` when its rate cannot be resampled to the
    ///   output's (see ``PolyphaseFilter/init(inputRate:outputRate:)``).
    public func addAsset(_ asset: AudioAsset) throws(AudioError) -> AudioAssetID {
        assets.add(asset, key: nil, filter: try filter(from: asset.sampleRate))
    }

    /// The asset loaded under `key` (a file path, say), shared with one more holder, or
    /// `decode()`'s asset loaded under it; voices of the same file so share one copy.
    /// - Throws: What `decode` throws, and the errors of ``addAsset(_:)``.
    public func loadAsset(key: String, _ decode: () throws -> AudioAsset) throws -> AudioAssetID {
        if let shared = assets.share(key: key) { return shared }
        let asset = try decode()
        return assets.add(asset, key: key, filter: try filter(from: asset.sampleRate))
    }

    /// Drops the caller's hold on `id`; the asset is freed once no voice plays it either.
    /// - Throws: ``AudioError/invalidArgument(_:)`` for an asset already freed, or one that only
    ///   voices hold (every load was already released).
    public func releaseAsset(_ id: AudioAssetID) throws(AudioError) {
        try assets.release(id, voice: false)
    }

    /// The asset of `id`.
    /// - Throws: ``AudioError/invalidArgument(_:)`` for an asset already freed.
    public func asset(_ id: AudioAssetID) throws(AudioError) -> AudioAsset {
        try assets.asset(id)
    }

    /// Holders of `id`: the callers that loaded it and not released it, plus its voices.
    /// - Throws: ``AudioError/invalidArgument(_:)`` for an asset already freed.
    public func holderCount(of id: AudioAssetID) throws(AudioError) -> Int {
        try assets.holderCount(id)
    }

    /// Assets loaded.
    public var assetCount: Int { assets.count }

    /// The filter from `rate` to the output rate, made once per rate; nil for the output rate.
    func filter(from rate: Int) throws(AudioError) -> PolyphaseFilter? {
        guard rate != format.sampleRate else { return nil }
        if let made = filters[rate] { return made }
        let made = try PolyphaseFilter(inputRate: rate, outputRate: format.sampleRate)
        filters[rate] = made
        return made
    }
}
