import ECS
import Render

/// The random state of a run: the generator, the colour source and the spawn counter that
/// numbers particles for their identifiers. Seek restores a copy taken after the initial
/// particles, so a replay draws the same respawns.
///
/// The initial particles draw from the run's generator in turn. A respawn (continuous emission
/// only) draws from a generator of its own, seeded with its identifier (``makeRespawn(number:)``),
/// so that it depends only on the run's seed and its spawn number: the respawns of a step can be
/// drawn on several threads at once with the same bits.
struct ConfettiRun: Sendable {
    /// Seed of the run, for identifiers and the respawns' generators.
    let seed: UInt64
    /// The generator of the initial particles.
    var generator: ConfettiLCG
    /// The run's colour source (it may keep state between draws).
    var colors: Colors
    /// Creates particles for the run's canvas.
    let spawner: ConfettiSpawner
    /// Particles created so far.
    var spawnCount: UInt64 = 0
    /// The palette of the colour source when it is the default one, which keeps no state;
    /// empty for any other source.
    private let independentPalette: [RGBAColor]

    init(seed: UInt64, generator: ConfettiLCG, colorSource: any ConfettiColorSource, spawner: ConfettiSpawner) {
        self.seed = seed
        self.generator = generator
        colors = Colors(colorSource)
        independentPalette = (colorSource as? DefaultColorSource)?.palette ?? []
        self.spawner = spawner
    }

    /// Draws the next particle from the run's generator (the initial particles).
    mutating func makeParticle() -> (ConfettoTraits, ConfettoState) {
        defer { spawnCount += 1 }
        var generator = self.generator, colors = self.colors
        defer { (self.generator, self.colors) = (generator, colors) }
        return spawner.make(id: ConfettoID.derived(seed: seed, spawnNumber: spawnCount).value, using: &generator) {
            colors.next(using: &$0)
        }
    }

    /// Whether the colour source keeps no state between draws (the default palette), so
    /// respawns may be drawn in any order, on any thread (``makeRespawn(number:)``); any other
    /// source is drawn in row order (``makeRespawnInOrder(number:)``).
    var respawnsAreIndependent: Bool { !independentPalette.isEmpty }

    /// Draws the respawn with spawn number `number` from its own generator. Call it only when
    /// ``respawnsAreIndependent``: it reads the palette in place, so that threads drawing at
    /// once share it without copying (and counting references to) the source.
    func makeRespawn(number: UInt64) -> (ConfettoTraits, ConfettoState) {
        respawn(number: number) { DefaultColorSource.color(from: independentPalette, using: &$0) }
    }

    /// Draws the respawn with spawn number `number` from its own generator, letting the colour
    /// source keep what it changed: respawns drawn this way must come in row order.
    mutating func makeRespawnInOrder(number: UInt64) -> (ConfettoTraits, ConfettoState) {
        var colors = self.colors
        defer { self.colors = colors }
        return respawn(number: number) { colors.next(using: &$0) }
    }

    /// The respawn with spawn number `number`, drawn from a ``ConfettiLCG`` seeded with its
    /// identifier (a SplitMix64 mix of the run's seed and `number`), its colour by `drawColor`.
    private func respawn(
        number: UInt64, drawColor: (inout ConfettiLCG) -> RGBAColor
    ) -> (ConfettoTraits, ConfettoState) {
        let id = ConfettoID.derived(seed: seed, spawnNumber: number).value
        var generator = ConfettiLCG(seed: id)
        return spawner.make(id: id, using: &generator, drawColor: drawColor)
    }

    /// A run's colour source. The default palette is held as its concrete type, so that its
    /// draw specialises on the run's generator (through the existential, the standard
    /// library's random-number code would run unspecialised for every particle).
    enum Colors: Sendable {
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
