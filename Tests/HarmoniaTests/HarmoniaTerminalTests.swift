import Foundation
import Audio
import TerminalTesting
import Testing

/// `harmonia` driven through a pseudo-terminal as a person would: the keys, the screen, what
/// the `--output` file recorded, and the terminal left as it was found.
@Suite("harmonia", .serialized, .onItsOwnThread)
struct HarmoniaTerminalTests {
    /// `harmonia` with `arguments` on a new pseudo-terminal.
    static func start(_ arguments: [String], rows: UInt16 = 40, columns: UInt16 = 100) throws -> PseudoTerminal {
        try PseudoTerminal(path: try BuiltProduct("harmonia").path(), arguments: arguments, rows: rows, columns: columns)
    }

    /// Waits until the screen shows `text`.
    static func waitFor(_ text: String, on terminal: PseudoTerminal) -> Bool {
        terminal.read(upTo: PseudoTerminal.wait) { _ in terminal.screen.contains(text) }
    }

    /// The position the screen shows, in seconds (the first time on its second line).
    static func position(on terminal: PseudoTerminal) -> Int? {
        let lines = terminal.screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count > 1, let clock = lines[1].split(separator: " ").first else { return nil }
        let parts = clock.split(separator: ":").compactMap { Int($0) }
        return parts.count == 2 ? parts[0] * 60 + parts[1] : nil
    }

    /// The filled cells of the position bar on the screen.
    static func bar(on terminal: PseudoTerminal) -> Int {
        let lines = terminal.screen.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.count > 1 ? lines[1].filter { $0 == "━" }.count : 0
    }

    /// Waits until the bar has grown by `cells` from what it is now: playback went on (a cell is
    /// 0.14 s of Bravo and 0.011 s of the others at 100 columns), so buffers reached the output.
    static func waitForProgress(_ cells: Int, on terminal: PseudoTerminal) -> Bool {
        let start = bar(on: terminal)
        return terminal.read(upTo: PseudoTerminal.wait) { _ in bar(on: terminal) >= start + cells }
    }

    /// Whether the terminal's settings (modes and control characters) are back to those before
    /// the program started.
    static func restored(_ terminal: PseudoTerminal) -> Bool {
        let before = terminal.initialSettings, after = terminal.settings()
        let characters = { (settings: termios) in withUnsafeBytes(of: settings.c_cc) { Array($0) } }
        return after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag && after.c_oflag == before.c_oflag
            && characters(after) == characters(before)
    }

    /// With Bravo playing a second in: → (5 s on), pause, resume, then n to charlie, each step
    /// waiting for the screen (keys are handled at once, buffers every 20 ms, so each step
    /// waits for playback to go on).
    static func seekPauseResumeAndSkipBravo(on terminal: PseudoTerminal) {
        terminal.type("\u{1B}[C")
        #expect(terminal.read(upTo: PseudoTerminal.wait) { _ in (position(on: terminal) ?? 0) >= 6 }, "→ seeks 5 s: \(terminal.screen)")
        #expect(waitForProgress(2, on: terminal))
        terminal.type(" ")
        #expect(waitFor("PAUSED  Bravo", on: terminal))
        terminal.type(" ")
        #expect(waitFor("PLAYING  Bravo", on: terminal))
        #expect(waitForProgress(2, on: terminal))
        terminal.type("n")
        #expect(waitFor("PLAYING  charlie", on: terminal))
    }

    @Test func playsThroughThePlaylistWithTheKeys() throws {
        let library = try HarmoniaLibrary()
        defer { library.folder.remove() }
        let terminal = try Self.start(["--output", "wav:" + library.recording, library.alpha.path, library.bravo.path, library.damaged, library.charlie.path])
        defer { terminal.kill() }

        #expect(Self.waitFor("PLAYING  Alpha — Ann", on: terminal), "the first track plays: \(terminal.screen)")
        #expect(terminal.text.contains(TerminalEscapes.alternateScreen))
        #expect(terminal.settings().c_lflag & tcflag_t(ECHO | ICANON) == 0, "raw mode while playing")
        let screen = terminal.screen
        #expect(screen.contains("Alpha") && screen.contains("Ann") && screen.contains("First") && screen.contains("0:01"))
        #expect(screen.contains("Bravo") && screen.contains("Bob") && screen.contains("Second") && screen.contains("0:12"))
        #expect(screen.contains("charlie"), "a track without tags shows its file name")
        #expect(screen.contains("1 file cannot be played:") && screen.contains("damaged.wav"), "the damaged file is listed: \(screen)")
        #expect(screen.contains("volume 100%  ·  repeat off  ·  sort as added  ·  wav16 file out.wav"))

        // Alpha ends; with repeat off the next track follows.
        #expect(Self.waitFor("PLAYING  Bravo — Bob", on: terminal), "\(terminal.screen)")
        #expect(terminal.read(upTo: PseudoTerminal.wait) { _ in (Self.position(on: terminal) ?? 0) >= 1 }, "a second of Bravo")
        terminal.type("--")
        #expect(Self.waitFor("volume 90%", on: terminal))
        Self.seekPauseResumeAndSkipBravo(on: terminal)
        terminal.type("rs")
        #expect(Self.waitFor("repeat all  ·  sort title", on: terminal))
        // charlie is the last track: repeat all wraps to the first.
        #expect(Self.waitFor("PLAYING  Alpha", on: terminal), "\(terminal.screen)")
        #expect(terminal.read(upTo: PseudoTerminal.wait) { _ in Self.bar(on: terminal) >= 30 })
        // The highlight starts on the first row; one down is Bravo.
        terminal.type("jd")
        #expect(Self.waitFor("Removed Bravo.", on: terminal))
        #expect(!terminal.screen.contains("Bob"), "Bravo left the playlist: \(terminal.screen)")
        // The highlight is now on charlie: Enter plays it; p goes back to Alpha.
        terminal.type("\r")
        #expect(Self.waitFor("PLAYING  charlie", on: terminal))
        #expect(Self.waitForProgress(20, on: terminal))
        terminal.type("p")
        #expect(Self.waitFor("PLAYING  Alpha", on: terminal))
        #expect(Self.waitForProgress(20, on: terminal))
        terminal.type("q")
        #expect(terminal.exitStatus(within: PseudoTerminal.wait) == 0)
        #expect(terminal.text.hasSuffix(TerminalEscapes.leave), "the main screen and cursor come back")
        #expect(Self.restored(terminal), "the terminal is left as found")

        // What was played, from the recording.
        let recording = try Recording(path: library.recording, tracks: [library.alpha, library.bravo, library.charlie], volumes: [1, 0.9])
        let labels = recording.runs.map { "\($0.level)@\($0.volume)" }
        let summary = recording.runs.map { "\($0.level)@\($0.volume): \($0.positions.count) frames from \($0.positions.first ?? -1)" }
        #expect(labels == ["0.1@1.0", "0.2@1.0", "0.2@0.9", "0.3@0.9", "0.1@0.9", "0.3@0.9", "0.1@0.9"],
                "Alpha, Bravo, Bravo turned down, charlie, Alpha again, charlie by Enter, Alpha by p: \(summary)")
        guard labels.count == 7 else { return }
        let alpha = recording.runs[0]
        #expect(alpha.positions.count == library.alpha.frames, "all of Alpha, once")
        // Two 16-bit round trips (the test file, the recording), each scaling by 32767/32768.
        let lsb: Float = 4 / 32768
        #expect(alpha.samples.enumerated().allSatisfy { abs($1.0 - TestTrack.ramp($0, of: library.alpha.frames)) <= lsb && abs($1.1 - 0.1) <= lsb },
                "Alpha's samples come out as they are in the file")
        let bravo = recording.runs.filter { $0.level == 0.2 }.flatMap(\.positions)
        #expect(bravo.first.map { $0 < 8 } == true, "Bravo starts at its start: \(summary)")
        let rate = Double(TestTrack.sampleRate)
        let forward = Recording.jumps(in: bravo, threshold: 0.05 * rate).filter { $0 > 0 }
        let backward = Recording.jumps(in: bravo, threshold: 0.05 * rate).filter { $0 < 0 }
        // The output holds up to three buffers (0.384 s) beyond the position; a renderer that
        // fell behind the clock holds fewer, down to none, and then lets the seek skip more.
        #expect(forward.count == 1 && forward.allSatisfy { $0 > 4.6 * rate && $0 <= 5.5 * rate },
                "one seek of 5 s, less what was already handed to the output: \(forward.map { $0 / rate })")
        #expect(backward.count <= 1 && backward.allSatisfy { $0 >= -0.4 * rate },
                "resuming repeats at most the buffers handed out before the pause: \(backward.map { $0 / rate })")
        let charlie = recording.runs[3]
        #expect(charlie.positions.count == library.charlie.frames, "all of charlie")
        #expect(charlie.samples.allSatisfy { abs($0.1 - 0.3 * 0.9) <= lsb }, "at 90% volume")
        #expect(try library.folder.contents().filter { $0.hasPrefix(".") }.isEmpty, "no temporary file is left")
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aQuitSignalRestoresTheTerminalAndFinishesTheFile(signal: Int32) throws {
        let library = try HarmoniaLibrary()
        defer { library.folder.remove() }
        let terminal = try Self.start(["--output", "wav:" + library.recording, library.bravo.path])
        defer { terminal.kill() }
        #expect(Self.waitFor("PLAYING  Bravo", on: terminal))
        #expect(terminal.read(upTo: PseudoTerminal.wait) { _ in (Self.position(on: terminal) ?? 0) >= 1 })
        if signal == SIGINT {
            terminal.type("\u{03}")  // Ctrl-C
        } else {
            kill(terminal.pid, SIGTERM)
        }
        #expect(terminal.exitStatus(within: PseudoTerminal.wait) == 128 + signal)
        #expect(terminal.text.hasSuffix(TerminalEscapes.leave))
        #expect(Self.restored(terminal))
        let recording = try Recording(path: library.recording, tracks: [library.bravo], volumes: [1])
        let frames = recording.runs.reduce(0) { $0 + $1.positions.count }
        #expect(frames >= TestTrack.sampleRate && frames < library.bravo.frames, "the file holds what played: \(frames) frames")
        #expect(try library.folder.contents().filter { $0.hasPrefix(".") }.isEmpty, "no temporary file is left")
    }

    /// Whether the process `pid` is stopped (job control), from `/proc`.
    static func isStopped(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(close, offsetBy: 2)] == "T"
    }

    @Test func ctrlZStopsWithTheTerminalRestoredAndComesBackPaused() throws {
        let library = try HarmoniaLibrary()
        defer { library.folder.remove() }
        let terminal = try Self.start([library.bravo.path])
        defer { terminal.kill() }
        #expect(Self.waitFor("PLAYING  Bravo", on: terminal))
        terminal.type("\u{1A}")  // Ctrl-Z
        #expect(terminal.read(upTo: PseudoTerminal.wait) { _ in Self.isStopped(terminal.pid) }, "the process stops")
        terminal.read(upTo: 0.2) { _ in false }
        #expect(terminal.text.hasSuffix(TerminalEscapes.leave) && Self.restored(terminal), "the terminal is as found while stopped")
        let stoppedAt = terminal.text.count
        kill(terminal.pid, SIGCONT)  // `fg`
        #expect(terminal.read(upTo: PseudoTerminal.wait) { text in text.count > stoppedAt && terminal.screen.contains("PAUSED  Bravo") }, "back, paused: \(terminal.screen)")
        #expect(terminal.text.dropFirst(stoppedAt).contains(TerminalEscapes.alternateScreen))
        #expect(terminal.settings().c_lflag & tcflag_t(ECHO | ICANON) == 0, "raw again")
        #expect(withUnsafeBytes(of: terminal.settings().c_cc) { $0[Int(VSUSP)] } == 0, "Ctrl-Z is a key again")
        terminal.type(" ")
        #expect(Self.waitFor("PLAYING  Bravo", on: terminal))
        terminal.type("q")
        #expect(terminal.exitStatus(within: PseudoTerminal.wait) == 0)
        #expect(Self.restored(terminal))
    }

    @Test func playsThroughTheSoundDeviceBitForBit() throws {
        let library = try HarmoniaLibrary()
        defer { library.folder.remove() }
        // ALSA's `file` plugin over `null`: what reaches the device, captured as raw float32.
        let capture = library.folder.path + "/capture.raw"
        let terminal = try Self.start(["--device", "file:FILE=\(capture),FORMAT=raw", library.bravo.path, library.charlie.path])
        defer { terminal.kill() }

        #expect(Self.waitFor("PLAYING  Bravo — Bob", on: terminal), "\(terminal.screen)")
        #expect(terminal.screen.contains("device file:FILE="), "the device is named: \(terminal.screen)")
        #expect(!terminal.screen.contains("no sound device"), "the device opened: \(terminal.screen)")
        #expect(terminal.read(upTo: PseudoTerminal.wait) { _ in (Self.position(on: terminal) ?? 0) >= 1 })
        Self.seekPauseResumeAndSkipBravo(on: terminal)
        terminal.type("r")
        #expect(Self.waitFor("repeat all", on: terminal))
        // charlie is the last track: repeat all wraps to Bravo.
        #expect(Self.waitFor("PLAYING  Bravo", on: terminal), "\(terminal.screen)")
        #expect(Self.waitForProgress(2, on: terminal))
        terminal.type("q")
        #expect(terminal.exitStatus(within: PseudoTerminal.wait) == 0)
        #expect(Self.restored(terminal), "the terminal is left as found")

        let recording = try Recording(rawCapture: capture, tracks: [library.bravo, library.charlie], volumes: [1])
        let summary = recording.runs.map { "\($0.level): \($0.positions.count) frames from \($0.positions.first ?? -1)" }
        #expect(recording.runs.map(\.level) == [0.2, 0.3, 0.2], "Bravo, charlie, Bravo again: \(summary)")
        guard recording.runs.count == 3 else { return }
        let rate = Double(TestTrack.sampleRate)
        let forward = Recording.jumps(in: recording.runs[0].positions, threshold: 0.05 * rate).filter { $0 > 0 }
        #expect(forward.count == 1 && forward.allSatisfy { $0 > 4.6 * rate && $0 <= 5.5 * rate }, "one seek of 5 s: \(forward.map { $0 / rate })")
        let charlie = recording.runs[1]
        #expect(charlie.positions.count == library.charlie.frames, "all of charlie, once: \(summary)")
        // One 16-bit round trip (the test file): the device gets the decoded floats unchanged.
        let lsb: Float = 2 / 32768
        #expect(charlie.samples.enumerated().allSatisfy { abs($1.0 - TestTrack.ramp($0, of: library.charlie.frames)) <= lsb && abs($1.1 - 0.3) <= lsb },
                "charlie's samples reach the device as they are in the file")
        #expect(recording.runs[2].positions.first.map { $0 < 8 } == true, "the wrap starts Bravo at its start: \(summary)")
    }

    @Test func aDeviceThatDoesNotOpenPlaysSilentlyAndSaysWhy() throws {
        let library = try HarmoniaLibrary()
        defer { library.folder.remove() }
        let terminal = try Self.start(["--device", "hw:99", library.alpha.path])
        defer { terminal.kill() }
        #expect(Self.waitFor("no sound device (cannot open ALSA device 'hw:99'", on: terminal), "\(terminal.screen)")
        #expect(Self.waitFor("PLAYING  Alpha", on: terminal), "the track still plays, paced and silent: \(terminal.screen)")
        terminal.type("q")
        #expect(terminal.exitStatus(within: PseudoTerminal.wait) == 0)
        #expect(Self.restored(terminal))
    }

    @Test func noPlayableFileLeavesTheTerminalAlone() throws {
        let library = try HarmoniaLibrary()
        defer { library.folder.remove() }
        let terminal = try Self.start([library.damaged, library.folder.path + "/missing.flac"])
        defer { terminal.kill() }
        #expect(terminal.exitStatus(within: PseudoTerminal.wait) == 1)
        #expect(terminal.text.hasPrefix("error: no playable file: damaged.wav") && terminal.text.hasSuffix("(and 1 more)\r\n"), "\(terminal.text.debugDescription)")
        #expect(!terminal.text.contains("\u{1B}"), "no screen was drawn")
        #expect(Self.restored(terminal))
    }

    @Test func theScreenFollowsTheTerminalsSize() throws {
        let library = try HarmoniaLibrary()
        defer { library.folder.remove() }
        let terminal = try Self.start([library.bravo.path, library.alpha.path], rows: 30, columns: 100)
        defer { terminal.kill() }
        #expect(Self.waitFor("PLAYING  Bravo", on: terminal))
        let widths = { terminal.screen.components(separatedBy: "\n").map(\.count) }
        #expect(widths().max() == 100, "the progress bar spans 100 columns")
        terminal.resize(rows: 12, columns: 60)
        #expect(terminal.read(upTo: PseudoTerminal.wait) { _ in widths().max() == 60 }, "redrawn for 60 columns: \(widths())")
        #expect(terminal.screen.split(separator: "\n", omittingEmptySubsequences: false).count == 12)
        #expect(terminal.screen.contains("q quit"))
        terminal.type("q")
        #expect(terminal.exitStatus(within: PseudoTerminal.wait) == 0)
        #expect(Self.restored(terminal))
    }
}
