#if RemoteHost
import ECS
import Host
import HostExamples
@testable import HostRemote
import Testing

/// The bearer token and the namespace: a wrong one is refused with a typed error, for good.
@Suite(.timeLimit(.minutes(10))) struct AuthTests {
    /// A server of the counter world with token `secret` and namespace `games`, and its port.
    private func server() async throws -> (RemoteHostServer, Int) {
        let host = WorldHost()
        try host.register(CounterWorld.definition())
        let server = RemoteHostServer(host: host, configuration: try RemoteServerConfiguration(port: 0, token: "secret", namespace: "games"))
        return (server, try await server.start())
    }

    /// The status and error a handle ends with under `config`.
    private func outcome(_ config: ClientConfig, clock: VirtualClock) async throws -> (ActorConnStatus, ActorError?) {
        let handle = try HostClient(config: config, clock: clock).actor("counter", key: "auth")
        handle.mount()
        try await waitUntil("an answer") { handle.connStatus == .connected || handle.connStatus == .disconnected }
        return (handle.connStatus, handle.error)
    }

    @Test func aWrongOrMissingTokenIsRefusedAsUnauthorized() async throws {
        let (server, port) = try await server()
        defer { server.stop() }
        for token in ["wrong", "secre", "secret!", nil] as [String?] {
            let clock = VirtualClock()
            let (status, error) = try await outcome(try ClientConfig(endpoint: HostEndpoint(port: port), token: token, namespace: "games"), clock: clock)
            #expect(status == .disconnected && error?.group == "host" && error?.code == "unauthorized", "token \(token ?? "none")")
            #expect(clock.pendingTimers == 0, "a refusal must not be retried")
        }
    }

    @Test func aWrongNamespaceIsRefusedAsNamespaceMismatch() async throws {
        let (server, port) = try await server()
        defer { server.stop() }
        let (status, error) = try await outcome(try ClientConfig(endpoint: HostEndpoint(port: port), token: "secret", namespace: "other"), clock: VirtualClock())
        #expect(status == .disconnected && error?.code == "namespace_mismatch")
        #expect(error?.metadataField("requested") == "other" && error?.metadataField("served") == "games")
    }

    @Test func theRightTokenAndNamespaceConnect() async throws {
        let (server, port) = try await server()
        defer { server.stop() }
        let (status, error) = try await outcome(try ClientConfig(endpoint: HostEndpoint(port: port), token: "secret", namespace: "games"), clock: VirtualClock())
        #expect(status == .connected && error == nil)
    }

    @Test func theTokenCheckComparesWholeValues() {
        #expect(BearerToken.matches(header: "Bearer abc", expected: "abc"))
        #expect(!BearerToken.matches(header: "Bearer abd", expected: "abc"))
        #expect(!BearerToken.matches(header: "Bearer ab", expected: "abc"))
        #expect(!BearerToken.matches(header: "Bearer abcd", expected: "abc"))
        #expect(!BearerToken.matches(header: "Basic abc", expected: "abc"))
        #expect(!BearerToken.matches(header: nil, expected: "abc"))
    }

    @Test func badConfigurationsAreConfigErrors() {
        let codes = [
            configErrorCode { _ = try RemoteServerConfiguration(port: 70000) },
            configErrorCode { _ = try RemoteServerConfiguration(namespace: "a/b") },
            configErrorCode { _ = try RemoteServerConfiguration(token: "") },
            configErrorCode { _ = try RemoteServerConfiguration(maxFrameBytes: 10) },
            configErrorCode { _ = try RemoteServerConfiguration(maxActionArguments: 0) },
            configErrorCode { _ = try RemoteServerConfiguration(outboundQueueCapacity: 0) },
            configErrorCode { _ = try ClientConfig(endpoint: HostEndpoint(port: 0)) },
            configErrorCode { _ = try ClientConfig(endpoint: HostEndpoint(host: "", port: 1)) },
            configErrorCode { _ = try ClientConfig(endpoint: HostEndpoint(port: 1), namespace: "") },
        ]
        #expect(codes == Array(repeating: "config_error", count: 9))
    }

    /// A token no client can send in a header (a line feed, an escape, a space, non-ASCII) is
    /// refused without being echoed; a namespace's refusal escapes what it quotes.
    @Test func tokensArePrintableASCIIAndRefusalsAreSafeToPrint() throws {
        for token in ["a\nb", "a\u{1B}]0;title\u{07}", "two words", "caf\u{E9}", "\u{202E}abc"] {
            do {
                _ = try RemoteServerConfiguration(token: token)
                Issue.record("token \(token.debugDescription) was accepted")
            } catch {
                #expect(error.code == "config_error")
                #expect(!error.message.contains(token), "the token is echoed")
            }
            #expect(configErrorCode { _ = try ClientConfig(endpoint: HostEndpoint(port: 1), token: token) } == "config_error")
        }
        _ = try RemoteServerConfiguration(token: "A-z.0~+/=")
        do {
            _ = try RemoteServerConfiguration(namespace: "x\u{1B}[2Jy\u{202E}")
            Issue.record("the namespace was accepted")
        } catch {
            #expect(error.message.hasSuffix(#"(got "x\u{1B}[2Jy\u{202E}")"#), "\(error.message)")
        }
    }

    /// The code of the `ActorError` `make` throws, nil when it throws none.
    private func configErrorCode(_ make: () throws -> Void) -> String? {
        do {
            try make()
            return nil
        } catch {
            return (error as? ActorError)?.code
        }
    }
}
#endif
