// The ready systems in one import: `import Systems` brings the ECS, the shared clocks and files,
// rendering, confetti particles, the tile puzzle and audio.
@_exported import Audio
@_exported import Confetti
@_exported import ECS
@_exported import Platform
@_exported import Render
@_exported import Tiles
