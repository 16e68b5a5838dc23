import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program running on a new pseudo-terminal as its controlling terminal (its own session),
/// as a person's shell would start it: the test types into the master side and reads the
/// screen's bytes from it.
///
/// Its reads block the calling thread: run the tests that use it with the
/// ``Testing/Trait/onItsOwnThread`` trait, so that they neither wait for nor hold a thread of
/// Swift's cooperative pool (two on a two-core machine) that other tests' timings depend on.
public final class PseudoTerminal {
    /// The master side.
    public let master: Int32
    /// The child's process id.
    public let pid: pid_t
    /// The terminal's device path (the slave side), as the program's `tty` would print it.
    public let name: String
    /// glibc's `POSIX_SPAWN_SETSID` (0x80), which the Glibc module does not export.
    public static let spawnNewSession: Int16 = 0x80
    /// Every byte the program wrote so far.
    public private(set) var output: [UInt8] = []
    /// The terminal's settings before the program started: what it must leave behind.
    public let initialSettings: termios
    /// The slave side, held open for the terminal's life so that the master never reads as
    /// hung up while the program starts or ends (its end is told by `waitpid`).
    private let slave: Int32
    /// The program's wait status once it has been reaped: its pid is no longer ours to signal.
    private var reapedStatus: Int32?

    /// Starts `path` with `arguments` on a new pseudo-terminal of `rows` by `columns`.
    public init(path: String, arguments: [String], rows: UInt16 = 40, columns: UInt16 = 100) throws {
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        // `ttyname_r`, not `ttyname`: tests start terminals on several threads at once, and
        // `ttyname`'s one static buffer once gave one test's program another test's terminal.
        var nameBuffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        guard ttyname_r(slave, &nameBuffer, nameBuffer.count) == 0 else {
            close(master)
            close(slave)
            throw POSIXError(.EIO)
        }
        let slaveName = String(decoding: nameBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        name = slaveName
        var initial = termios()
        tcgetattr(slave, &initial)
        initialSettings = initial
        // Programs that other tests start meanwhile must not hold this terminal open.
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        self.master = master
        self.slave = slave
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // In a new session, opening the slave makes it the controlling terminal, so Ctrl-C
        // typed on the master reaches the program as SIGINT.
        posix_spawn_file_actions_addopen(&actions, 0, slaveName, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        posix_spawn_file_actions_addclose(&actions, master)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Like a shell: default signal actions and nothing blocked, whatever the test runner's
        // threads have blocked.
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Self.spawnNewSession | Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables = ["TERM=xterm-256color", "HOME=/nonexistent", "PATH=/usr/bin:/bin"]
        let environment: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
        defer { environment.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, path, &actions, &attributes, argv, environment)
        guard status == 0 else {
            close(master)
            close(slave)
            throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO)
        }
        pid = child
    }

    deinit {
        close(master)
        close(slave)
    }

    /// The settings of the terminal (the slave side, read through the master).
    public func settings() -> termios {
        var settings = termios()
        tcgetattr(master, &settings)
        return settings
    }

    /// Types `text`.
    public func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress!, $0.count) }
    }

    /// How long a test waits for the program to draw, save or exit: a bound that stops a hang, not
    /// a timing (a sanitised parallel test run can hold the process for many seconds).
    public static let wait: Double = 60

    /// Reads until `condition` holds for the output (true) or `seconds` pass (false).
    @discardableResult
    public func read(upTo seconds: Double, until condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(text) { return true }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 50) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress!, $0.count) }
            guard count > 0 else { return condition(text) }
            output += buffer[..<count]
        }
        return condition(text)
    }

    /// The output as text.
    public var text: String {
        String(decoding: output, as: UTF8.self)
    }

    /// The last frame drawn, without escape sequences: what the screen shows. A frame starts
    /// with the cursor going home (`ESC [ H`) and is complete once it clears what is below it
    /// (`ESC [ J`); a frame still arriving is passed over for the one before it.
    public var screen: String {
        let frames = text.components(separatedBy: "\u{1B}[H")
        let last = frames.last { $0.contains("\u{1B}[J") } ?? frames.last ?? ""
        let plain = last.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
        return plain.replacingOccurrences(of: "\r", with: "")
    }

    /// Waits up to `seconds` for the program to end; its exit status, or nil if it still runs.
    public func exitStatus(within seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            var status: Int32 = 0
            if let reaped = reapedStatus {
                status = reaped
            } else if waitpid(pid, &status, WNOHANG) == pid {
                reapedStatus = status
                // What the program wrote last may still wait on the master side.
                read(upTo: 0.2) { _ in false }
            } else {
                read(upTo: 0.05) { _ in false }
                continue
            }
            return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        } while Date() < deadline
        return nil
    }

    /// Changes the terminal's size, as a person resizing the window would: the program gets
    /// SIGWINCH.
    public func resize(rows: UInt16, columns: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Ends the program if it still runs; a program already reaped is left alone, since its
    /// pid may belong to another process by now.
    public func kill() {
        guard reapedStatus == nil else { return }
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        if waitpid(pid, &status, 0) == pid { reapedStatus = status }
    }
}
