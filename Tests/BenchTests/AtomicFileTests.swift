import Foundation
import Testing

@testable import Bench
@testable import BenchKit
import Platform

/// Tests that an output that cannot be written says why, in the one line `bench` prints.
struct AtomicFileTests {
    /// A file where a directory of the output path should be is named, where the line used to
    /// say only "cannot create directory".
    @Test func aFileOnTheWayIsNamed() throws {
        let directory = try Fixtures.temporaryDirectory()
        let blocker = directory + "/results"
        try Data().write(to: URL(fileURLWithPath: blocker))
        #expect(throws: BenchError.unwritableOutput(path: blocker + "/run", reason: "\(blocker) is a file, not a directory")) {
            try AtomicFile.prepareDirectory(blocker + "/run")
        }
        let outcome = ResultFiles.failure(["--scenario", "calibration", "--frames", "1", "--output", blocker])
        #expect(outcome?.line == "cannot write \(blocker): \(blocker) is a file, not a directory")
    }

    /// A write into a missing directory names the missing directory; nothing is left behind.
    @Test func aMissingDirectoryGivesTheSystemReason() throws {
        let directory = try Fixtures.temporaryDirectory()
        let path = directory + "/absent/run.json"
        #expect(throws: BenchError.file(FileError(.unwritable, "cannot write \(path): no directory \(directory)/absent"))) {
            try AtomicFile.write(Data("{}".utf8), to: path)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    /// A good write replaces the file whole and leaves no temporary file.
    @Test func aWriteReplacesTheFile() throws {
        let directory = try Fixtures.temporaryDirectory()
        let path = directory + "/run.json"
        try AtomicFile.write(Data("old contents".utf8), to: path)
        try AtomicFile.write(Data("{}".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("{}".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["run.json"])
    }

    /// Runs of one millisecond (here, one stem) never replace each other's result files, even
    /// from several threads at once: each gets the next free sequence number.
    @Test func aNewResultNeverReplacesAnother() throws {
        let directory = try Fixtures.temporaryDirectory()
        let first = try AtomicFile.createNew(Data("1".utf8), in: directory, stem: "20261127-085239-123-abc")
        let second = try AtomicFile.createNew(Data("2".utf8), in: directory, stem: "20261127-085239-123-abc")
        #expect(first == directory + "/20261127-085239-123-abc.json")
        #expect(second == directory + "/20261127-085239-123-abc-2.json")
        #expect(FileManager.default.contents(atPath: first) == Data("1".utf8))
        let paths = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let path = try! AtomicFile.createNew(Data("\(index)".utf8), in: directory, stem: "same")
            paths.withLock { $0.append(path) }
        }
        let written = paths.withLock { $0 }
        #expect(Set(written).count == 16)
        let contents = Set(written.compactMap { FileManager.default.contents(atPath: $0).map { String(decoding: $0, as: UTF8.self) } })
        #expect(contents == Set((0..<16).map(String.init)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).count == 18)
    }

    /// Two quick runs into one output folder keep two result files and two plots.
    @Test func twoQuickRunsKeepBothResults() throws {
        let directory = try Fixtures.temporaryDirectory()
        for _ in 0..<2 {
            #expect(ResultFiles.failure(["--scenario", "calibration", "--frames", "1", "--warmup", "0", "--quiet", "--output", directory]) == nil)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(names.filter { $0.hasSuffix(".json") }.count == 2)
        #expect(names.filter { $0.hasSuffix("-frames.png") }.count == 2)
    }

    /// A directory the permission bits call writable but that holds no files (/proc, even for
    /// root) is refused before anything is measured.
    @Test func anOutputThatCannotHoldFilesIsRefusedFirst() {
        #expect(throws: BenchError.self) { try AtomicFile.prepareDirectory("/proc") }
        let outcome = ResultFiles.failure(["--scenario", "calibration", "--frames", "1", "--output", "/proc"])
        #expect(outcome?.line?.hasPrefix("cannot write /proc: ") == true)
    }

    /// An output path that fails part way (a name longer than the file system allows, deep
    /// inside new directories) is refused and leaves none of the directories it created; an
    /// existing directory on the way and what it held stay.
    @Test func aRefusedOutputLeavesNoDirectoriesBehind() throws {
        let directory = try Fixtures.temporaryDirectory()
        _ = try ResultFiles.write(Data(), "kept.txt", in: directory)
        let nested = (1...40).map { "level\($0)" }.joined(separator: "/")
        let output = directory + "/" + nested + "/" + String(repeating: "x", count: 300) + "/run"
        #expect(throws: BenchError.self) { try AtomicFile.prepareDirectory(output) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["kept.txt"])
        let outcome = ResultFiles.failure(["--scenario", "calibration", "--frames", "1", "--output", output])
        #expect(outcome?.status == .error)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["kept.txt"])
    }

    /// The temporary files a killed run leaves are removed once a minute old; a write in
    /// progress and other files stay.
    @Test func leftoversOfAKilledRunAreRemoved() throws {
        let directory = try Fixtures.temporaryDirectory()
        let old = [".summary.md.Ab3dE9", ".20261127-085239-123-abc.json.x1Y2z3", ".20261127-085239-123-abc-frames.png.QQQQQQ"]
        let kept = [".summary.md.fresh1", ".notes.backup", "notes.txt", ".summary.md.ab"]
        for name in old + kept { _ = try ResultFiles.write(Data(), name, in: directory) }
        for name in old + kept.dropFirst() {
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-120)], ofItemAtPath: directory + "/" + name)
        }
        #expect(Set(AtomicFile.removeInterruptedWrites(in: directory)) == Set(old))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: directory)) == Set(kept))
    }
}
