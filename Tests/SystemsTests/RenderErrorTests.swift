import Testing
@testable import Systems

@Suite("Render error codes")
struct RenderErrorTests {
    @Test("codes keep PNGine's numbers, names and messages")
    func codeTable() {
        let table: [(RenderErrorCode, Int32, String)] = [
            (.ok, 0, "ok"), (.notInitialized, -1, "not_initialized"),
            (.alreadyInitialized, -2, "already_initialized"), (.contextFailed, -3, "context_failed"),
            (.bytecodeInvalid, -4, "bytecode_invalid"), (.surfaceFailed, -5, "surface_failed"),
            (.shaderCompile, -6, "shader_compile"), (.pipelineCreate, -7, "pipeline_create"),
            (.textureUnavailable, -8, "texture_unavail"), (.resourceNotFound, -9, "resource_not_found"),
            (.outOfMemory, -10, "out_of_memory"), (.invalidArgument, -11, "invalid_argument"),
            (.renderFailed, -12, "render_failed"), (.computeFailed, -13, "compute_failed"),
        ]
        #expect(table.count == RenderErrorCode.allCases.count)
        for (code, number, name) in table {
            #expect(code.rawValue == number)
            #expect(code.name == name)
            #expect(RenderErrorCode(rawValue: number) == code)
        }
        #expect(RenderErrorCode.bytecodeInvalid.message == "Invalid bytecode format")
        #expect(RenderErrorCode.ok.message == "Success")
    }

    @Test("an error reads as code, number, message and detail")
    func errorDescription() {
        let error = RenderError(.invalidArgument, "width -1")
        #expect(error.message == "Invalid argument: width -1")
        #expect(error.description == "invalid_argument (-11): Invalid argument: width -1")
        #expect(RenderError(.renderFailed, "").message == "Render pass failed")
    }
}
