import Testing
import ECS

@Suite struct ECSErrorTests {
    @Test func codesPrintTheirStableStrings() {
        for code in ECSError.Code.allCases {
            #expect("\(code)" == code.rawValue)
            #expect(ECSError(code, "m").description == "[\(code.rawValue)] m")
        }
        #expect("\(ECSError.Code.staleEntity)" == "stale_entity")
    }
}
