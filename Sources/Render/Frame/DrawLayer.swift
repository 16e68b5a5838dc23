import ECS

/// The layers of a frame's drawing: named system sets of `Stage/render` that run in order,
/// so plugins that draw on one ``FrameCanvas`` compose in any order to the same picture.
///
/// A drawing system joins its layer and orders itself after the layers below it; each plugin
/// that draws declares the layers (``declare(in:)``), so an order against a layer with no
/// system holds nothing up.
public enum DrawLayer {
    /// Clearing the canvas (``CanvasPlugin``).
    public static let clear = "draw.clear"
    /// What fills the frame: a tile board.
    public static let scene = "draw.scene"
    /// What is drawn over the scene: confetti, a heads-up display.
    public static let overlay = "draw.overlay"

    /// The layers in drawing order.
    public static let all = [clear, scene, overlay]

    /// The layers below `layer`, which a system of `layer` runs after.
    public static func below(_ layer: String) -> [String] {
        Array(all.prefix { $0 != layer })
    }

    /// Declares every layer in `app`'s render stage; declaring again does nothing.
    public static func declare(in app: App) {
        for layer in all { app.declareSet(layer, in: .render) }
    }
}
