import ECS

/// The random state of a run: the generator, the colour source and the spawn counter that
/// numbers particles for their identifiers. Seek restores a copy taken after the initial
/// particles, so a replay draws the same respawns.
struct ConfettiRun {
    /// Seed of the run, for identifiers.
    let seed: UInt64
    /// The run's generator.
    var generator: ConfettiLCG
    /// The run's colour source (it may keep state between draws).
    var colors: Colors
    /// Creates particles for the run's canvas.
    let spawner: ConfettiSpawner
    /// Particles created so far.
    var spawnCount: UInt64 = 0

    init(seed: UInt64, generator: ConfettiLCG, colorSource: any ConfettiColorSource, spawner: ConfettiSpawner) {
        self.seed = seed
        self.generator = generator
        colors = Colors(colorSource)
        self.spawner = spawner
    }

    /// Draws the next particle.
    mutating func makeParticle() -> (ConfettoTraits, ConfettoState) {
        defer { spawnCount += 1 }
        var generator = self.generator, colors = self.colors
        defer { (self.generator, self.colors) = (generator, colors) }
        return spawner.make(id: ConfettoID.derived(seed: seed, spawnNumber: spawnCount).value, using: &generator) {
            colors.next(using: &$0)
        }
    }

    /// A run's colour source. The default palette is held as its concrete type, so that its
    /// draw specialises on the run's generator (through the existential, the standard
    /// library's random-number code would run unspecialised for every particle).
    enum Colors {
        /// The default source (any palette).
        case palette(DefaultColorSource)
        /// Any other source.
        case custom(any ConfettiColorSource)

        init(_ source: any ConfettiColorSource) {
            if let palette = source as? DefaultColorSource {
                self = .palette(palette)
            } else {
                self = .custom(source)
            }
        }

        /// Draws the next colour.
        mutating func next(using generator: inout ConfettiLCG) -> RGBAColor {
            switch self {
            case .palette(var source):
                defer { self = .palette(source) }
                return source.nextColor(using: &generator)
            case .custom(var source):
                defer { self = .custom(source) }
                return source.nextColor(using: &generator)
            }
        }
    }
}
