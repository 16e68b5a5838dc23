import ECS

extension ConfettiConfig {
    /// The longest burst ``checked()`` accepts, in seconds: one hour, at most 864,000 fixed
    /// steps at the shortest step, so that ``ConfettiSimulation/seek(to:)`` replays a bounded
    /// number of steps.
    public static let maxDuration: Double = 3_600

    /// The most particles ``checked()`` accepts: what `bench` measures at most, and far below
    /// the sizes whose buffer capacity cannot be allocated at all.
    public static let maxParticleCount = 50_000_000

    /// Returns a copy with out-of-range values clamped:
    /// `particleCount >= 0`, `duration >= 0.1`, `fadeOutDuration` in `0...duration`,
    /// `fixedDeltaTime >= 1/240`, `drag` in `0...1`, `boundaryMargin >= 0`.
    ///
    /// Other fields are left as they are. Non-finite values are not repaired here (`max` and
    /// `min` would turn some NaNs into bounds by accident); use ``checked()`` to reject them.
    public func validated() -> ConfettiConfig {
        var config = self
        config.lifecycle.particleCount = max(0, config.lifecycle.particleCount)
        config.lifecycle.duration = max(0.1, config.lifecycle.duration)
        config.lifecycle.fadeOutDuration = max(0, min(config.lifecycle.fadeOutDuration, config.lifecycle.duration))
        config.physics.fixedDeltaTime = max(1.0 / 240.0, config.physics.fixedDeltaTime)
        config.physics.drag = max(0, min(1, config.physics.drag))
        config.spawn.boundaryMargin = max(0, config.spawn.boundaryMargin)
        return config
    }

    /// Rejects what the simulation cannot run, then clamps with ``validated()``.
    ///
    /// Throws `ConfettiError` with code `invalidArgument` when a value is NaN or infinite,
    /// when a range is so wide that its length overflows, when ``Spawn/angleSpread`` is not
    /// positive (the spawner draws from `-spread ..< spread`, which traps when empty), when
    /// ``Lifecycle/duration`` exceeds ``maxDuration`` or ``Lifecycle/particleCount`` exceeds
    /// ``maxParticleCount``.
    public func checked() throws(ConfettiError) -> ConfettiConfig {
        let scalars: [(String, Double)] = [
            ("lifecycle.duration", lifecycle.duration),
            ("lifecycle.fadeOutDuration", lifecycle.fadeOutDuration),
            ("physics.gravity", physics.gravity),
            ("physics.drag", physics.drag),
            ("physics.terminalVelocity", physics.terminalVelocity),
            ("physics.fixedDeltaTime", physics.fixedDeltaTime),
            ("spawn.boundaryMargin", spawn.boundaryMargin),
            ("spawn.originHeightRatio", spawn.originHeightRatio),
            ("spawn.angleCenter", spawn.angleCenter),
            ("spawn.angleSpread", spawn.angleSpread),
            ("wind.timeScale", wind.timeScale),
            ("wind.particlePhaseScale", wind.particlePhaseScale),
        ]
        for (name, value) in scalars where !value.isFinite {
            throw ConfettiError(.invalidArgument, "\(name) must be finite, got \(value)")
        }
        let ranges: [(String, ClosedRange<Double>)] = [
            ("spawn.speedRange", spawn.speedRange),
            ("appearance.baseSizeRange", appearance.baseSizeRange),
            ("appearance.widthScaleRange", appearance.widthScaleRange),
            ("appearance.heightScaleRange", appearance.heightScaleRange),
            ("appearance.rotationXSpeedRange", appearance.rotationXSpeedRange),
            ("appearance.rotationYSpeedRange", appearance.rotationYSpeedRange),
            ("wind.forceRange", wind.forceRange),
        ]
        for (name, range) in ranges where !(range.upperBound - range.lowerBound).isFinite {
            throw ConfettiError(.invalidArgument, "\(name) must have finite bounds, got \(range)")
        }
        guard spawn.angleSpread > 0 else {
            throw ConfettiError(.invalidArgument, "spawn.angleSpread must be positive, got \(spawn.angleSpread)")
        }
        guard lifecycle.duration <= Self.maxDuration else {
            throw ConfettiError(
                .invalidArgument, "lifecycle.duration must be at most \(Int(Self.maxDuration)) s, got \(lifecycle.duration)")
        }
        guard lifecycle.particleCount <= Self.maxParticleCount else {
            throw ConfettiError(
                .invalidArgument,
                "lifecycle.particleCount must be at most \(Self.maxParticleCount), got \(lifecycle.particleCount)")
        }
        return validated()
    }
}
