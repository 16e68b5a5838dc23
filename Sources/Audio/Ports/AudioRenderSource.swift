/// Produces audio on demand, for an output that pulls one buffer per period (a mixer, for
/// example). Called from the output's pulling thread.
public protocol AudioRenderSource: AnyObject, Sendable {
    /// Fills the first `frameCount` interleaved frames of `buffer` and returns how many it
    /// filled; fewer than `frameCount` is an underrun.
    func render(into buffer: inout [Float], frameCount: Int) -> Int
}
