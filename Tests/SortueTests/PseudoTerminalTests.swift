import Platform
import Foundation
import TerminalTesting
import Testing

/// The test terminals themselves.
@Suite("pseudo-terminal", .onItsOwnThread)
struct PseudoTerminalTests {
    /// Terminals started on many threads at once each run their program on their own terminal:
    /// `tty` prints the terminal's name (a shared buffer for that name once sent one test's
    /// program to another test's terminal).
    @Test func terminalsStartedTogetherEachGetTheirOwn() throws {
        let count = 16
        let names = Locked([String?](repeating: nil, count: count))
        let printed = Locked([String?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            guard let terminal = try? PseudoTerminal(path: "/usr/bin/tty", arguments: []) else { return }
            defer { terminal.kill() }
            terminal.read(upTo: PseudoTerminal.wait) { $0.contains("\n") }
            let line = terminal.text.split(whereSeparator: \.isNewline).first.map(String.init)
            names.withLock { $0[index] = terminal.name }
            printed.withLock { $0[index] = line }
        }
        let expected = names.withLock { $0 }
        #expect(expected.allSatisfy { $0?.hasPrefix("/dev/pts/") == true })
        #expect(printed.withLock { $0 } == expected)
    }
}
