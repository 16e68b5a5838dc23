import Systems

/// A PNG plot of every scenario's frame times against the frame budget, drawn with the
/// project's own canvas: one panel per scenario, frames left to right, time upward. Each panel
/// is scaled to `1.1 x max(budget, slowest frame)`, so the budget line (red) is always visible
/// and a panel whose samples stay low shows the headroom. Blue is per-thread CPU time, grey
/// is wall time.
enum FramePlot {
    static let width = 1200
    static let panelHeight = 140
    static let gap = 10

    /// Draws the plot of `run`'s scenarios.
    static func render(_ run: RunResult) throws -> RGBA8Canvas {
        let panels = max(1, run.scenarios.count)
        var canvas = try RGBA8Canvas(
            width: width, height: panels * (panelHeight + gap) + gap, background: RGBAColor(r: 1, g: 1, b: 1))
        let budgetNs = run.settings.budgetNs
        for (index, scenario) in run.scenarios.enumerated() {
            let top = Float(gap + index * (panelHeight + gap))
            let cpu = scenario.samples.cpuNs.map { Double($0) }
            let wall = scenario.samples.wallNs.map { Double($0) }
            let ceiling = 1.1 * max(budgetNs, cpu.max() ?? 0, wall.max() ?? 0)
            func point(_ frame: Int, _ ns: Double) -> SIMD2<Float> {
                let x = Float(gap) + Float(frame) / Float(max(1, cpu.count - 1)) * Float(width - 2 * gap)
                return SIMD2(x, top + Float(panelHeight) * Float(1 - ns / ceiling))
            }
            canvas.fillRect(x: Float(gap), y: top, width: Float(width - 2 * gap), height: Float(panelHeight),
                            color: RGBAColor(r: 0.95, g: 0.95, b: 0.95))
            canvas.drawPolyline(wall.enumerated().map { point($0, $1) }, width: 1, color: RGBAColor(r: 0.6, g: 0.6, b: 0.6))
            canvas.drawPolyline(cpu.enumerated().map { point($0, $1) }, width: 2, color: RGBAColor(r: 0.1, g: 0.3, b: 0.9))
            canvas.drawLine(from: point(0, budgetNs), to: point(max(1, cpu.count - 1), budgetNs), width: 2,
                            color: RGBAColor(r: 0.9, g: 0.1, b: 0.1))
        }
        return canvas
    }
}
