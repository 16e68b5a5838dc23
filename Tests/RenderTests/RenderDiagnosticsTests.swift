import Testing
@testable import Platform
@testable import Render
import Render

@Suite("Render diagnostics")
struct RenderDiagnosticsTests {
    @Test("resetCounters keeps the frame count and the last error")
    func resetKeepsFramesAndError() throws {
        let diagnostics = RenderDiagnostics()
        var canvas = try RGBA8Canvas(width: 8, height: 8, diagnostics: diagnostics)
        canvas.fillRect(x: 1, y: 1, width: 2, height: 2, color: .white)
        canvas.fillRect(x: .nan, y: 1, width: 2, height: 2, color: .white)
        canvas.endFrame()
        canvas.endFrame()
        #expect(diagnostics.draws == 1)
        #expect(diagnostics.frameCount == 2)
        #expect(diagnostics.lastError?.code == .invalidArgument)

        diagnostics.resetCounters()
        #expect(diagnostics.draws == 0)
        #expect(diagnostics.frameCount == 2)
        #expect(diagnostics.lastError?.code == .invalidArgument)

        diagnostics.clearError()
        #expect(diagnostics.lastError == nil)
    }

    @Test("counters are exact under concurrent updates")
    func concurrentUpdates() async {
        let diagnostics = RenderDiagnostics()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for _ in 0..<1_000 {
                        diagnostics.recordDraws(1)
                        diagnostics.recordFrame()
                    }
                    diagnostics.record(RenderError(.renderFailed, "task \(task)"))
                    _ = diagnostics.lastError
                }
            }
        }
        #expect(diagnostics.draws == 8_000)
        #expect(diagnostics.frameCount == 8_000)
        #expect(diagnostics.lastError?.code == .renderFailed)
    }
}
