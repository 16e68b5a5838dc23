import Foundation
import Testing

@testable import Bench
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
}
