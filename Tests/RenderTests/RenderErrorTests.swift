import Testing
@testable import Platform
@testable import Render
import Render

@Suite("Render error codes")
struct RenderErrorTests {
    @Test("codes keep their numbers, names and messages")
    func codeTable() {
        let table: [(RenderErrorCode, Int32, String, String)] = [
            (.resourceNotFound, -9, "resource_not_found", "Resource not found"),
            (.outOfMemory, -10, "out_of_memory", "Out of memory"),
            (.invalidArgument, -11, "invalid_argument", "Invalid argument"),
            (.renderFailed, -12, "render_failed", "Render failed"),
            (.resourceUnreadable, -14, "resource_unreadable", "Resource cannot be read"),
            (.resourceUnwritable, -15, "resource_unwritable", "Resource cannot be written"),
            (.formatInvalid, -16, "format_invalid", "Data is not in the expected format"),
            (.dataTruncated, -17, "data_truncated", "Data is truncated"),
            (.dataCorrupt, -18, "data_corrupt", "Data is corrupt"),
        ]
        #expect(table.count == RenderErrorCode.allCases.count)
        for (code, number, name, message) in table {
            #expect(code.rawValue == number)
            #expect(code.name == name)
            #expect(code.message == message)
            #expect(RenderErrorCode(rawValue: number) == code)
        }
    }

    @Test("an error reads as code, number, message and detail")
    func errorDescription() {
        let error = RenderError(.invalidArgument, "width -1")
        #expect(error.message == "Invalid argument: width -1")
        #expect(error.description == "invalid_argument (-11): Invalid argument: width -1")
        #expect(RenderError(.renderFailed, "").message == "Render failed")
    }
}
