import Foundation
import Render

/// The font the bench's plots are labelled with.
enum PlotFont {
    /// The environment variable that names a font file to use instead of the default paths.
    static let environmentVariable = "ECS_BENCH_FONT"

    /// The font named by ``environmentVariable`` when set, else the first of
    /// `FontFace.defaultPaths` (DejaVu Sans from `fonts-dejavu-core`).
    ///
    /// - Throws: ``RenderError`` with ``RenderErrorCode/resourceNotFound`` naming the paths
    ///   tried and the package to install, or the error of `FontFace.init(contentsOf:)` for a
    ///   file that is not a font it can load.
    static func load() throws(RenderError) -> FontFace {
        let override = ProcessInfo.processInfo.environment[environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        return try FontFace.locate(override: override)
    }
}
