#if RemoteHost
import Foundation
import Testing

/// `ecs-host`'s options and signals.
@Suite(.timeLimit(.minutes(10))) struct EcsHostCommandTests {
    @Test(arguments: [
        ["--port", "70000"], ["--port", "x"], ["--namespace", "a/b"], ["--max-frame-bytes", "10"],
        ["--outbound-queue", "0"], ["--token", ""], ["--unknown"], ["--shutdown-grace", "-1"], ["--shutdown-grace", "nan"],
        ["--handshake-timeout", "0"], ["--handshake-timeout", "1e300"], ["--action-timeout", "0"], ["--action-timeout", "inf"],
    ])
    func aBadOptionIsOneLineOnStandardErrorAndStatusOne(_ arguments: [String]) throws {
        let (status, stderr) = try EcsHostProcess.run(arguments)
        #expect(status == 1)
        #expect(stderr.hasPrefix("error: ") && stderr.split(separator: "\n").count == 1, "\(stderr)")
    }

    @Test func aPortInUseIsOneLineAndStatusOne() async throws {
        let first = try await EcsHostProcess()
        let (status, stderr) = try EcsHostProcess.run(["--port", "\(first.port)"])
        #expect(status == 1 && stderr.hasPrefix("error: ") && stderr.split(separator: "\n").count == 1, "\(stderr)")
    }

    @Test func sigtermShutsDownCleanly() async throws {
        let host = try await EcsHostProcess()
        #expect(host.terminate() == 0)
    }
}
#endif
