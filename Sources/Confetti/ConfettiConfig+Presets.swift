extension ConfettiConfig {
    /// Balanced, festive burst: 150 particles for 3 s. The default configuration.
    public static let celebration = ConfettiConfig()

    /// Gentle burst: 50 slower, smaller particles for 4 s.
    public static var subtle: ConfettiConfig {
        var config = ConfettiConfig()
        config.lifecycle.particleCount = 50
        config.lifecycle.duration = 4.0
        config.physics.gravity = 1200
        config.physics.drag = 0.92
        config.spawn.speedRange = 800...1500
        config.appearance.baseSizeRange = 6...12
        config.appearance.rotationXSpeedRange = 1.0...3.0
        config.appearance.rotationYSpeedRange = 0.8...2.5
        config.wind.forceRange = -50...50
        return config
    }

    /// Maximum impact: 300 fast, large particles in a wide cone for 4 s.
    public static var explosion: ConfettiConfig {
        var config = ConfettiConfig()
        config.lifecycle.particleCount = 300
        config.lifecycle.duration = 4.0
        config.physics.gravity = 3000
        config.physics.drag = 0.85
        config.spawn.speedRange = 2500...5000
        config.spawn.angleSpread = .pi / 2.5
        config.appearance.baseSizeRange = 10...20
        config.appearance.rotationXSpeedRange = 3.0...8.0
        config.appearance.rotationYSpeedRange = 2.0...6.0
        config.wind.forceRange = -200...200
        return config
    }

    /// Slow fall from the top edge: 80 particles for 6 s.
    public static var snowfall: ConfettiConfig {
        var config = ConfettiConfig()
        config.lifecycle.particleCount = 80
        config.lifecycle.duration = 6.0
        config.physics.gravity = 400
        config.physics.drag = 0.98
        config.physics.terminalVelocity = 80
        config.spawn.originHeightRatio = 0.0
        config.spawn.speedRange = 100...300
        config.spawn.angleCenter = .pi / 2
        config.spawn.angleSpread = .pi / 6
        config.appearance.baseSizeRange = 8...14
        config.appearance.rotationXSpeedRange = 0.5...2.0
        config.appearance.rotationYSpeedRange = 0.3...1.5
        config.wind.forceRange = -100...100
        config.wind.timeScale = 2.0
        return config
    }
}
