import Foundation
import SnapshotTesting
import Testing
@testable import Platform
@testable import Render
import Render

@Suite("Snapshot assertion")
struct SnapshotAssertionTests {
    private func scene(marked: Bool = false) throws -> RGBA8Canvas {
        var canvas = try RGBA8Canvas(width: 100, height: 100, background: .white)
        canvas.fillRotatedRect(
            center: SIMD2(50, 50), size: SIMD2(60, 30), rotation: 0.3, color: RGBAColor(r: 0.2, g: 0.4, b: 0.9)
        )
        if marked {
            canvas.fillRect(x: 0, y: 0, width: 20, height: 20, color: RGBAColor(r: 1, g: 0, b: 0))
        }
        return canvas
    }

    @Test("a missing reference is recorded, then matched")
    func recordThenMatch() throws {
        let parent = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let directory = parent + "/References"
        let first = try assertSnapshot(of: scene(), named: "scene", in: directory)
        #expect(first == .recorded(referencePath: directory + "/scene.png"))
        #expect(FileManager.default.fileExists(atPath: directory + "/scene.png"))

        let second = try assertSnapshot(of: scene(), named: "scene", in: directory)
        guard case .matched(let comparison) = second else {
            Issue.record("expected a match, got \(second)")
            return
        }
        #expect(comparison.match == 1)
    }

    @Test("a changed image fails with a readable message and writes actual and difference images")
    func mismatch() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try assertSnapshot(of: scene(), named: "scene", in: directory)

        let failure = #expect(throws: SnapshotMismatch.self) {
            try assertSnapshot(of: scene(marked: true), named: "scene", in: directory)
        }
        let mismatch = try #require(failure)
        #expect(mismatch.comparison.differingPixelCount == 400)
        #expect(mismatch.actualPath == directory + "/scene.actual.png")
        #expect(mismatch.differencePath == directory + "/scene.diff.png")
        let message = mismatch.description
        for part in ["96.00% of pixels match", "98.50% required", "400 of 10000 pixels", mismatch.actualPath, mismatch.differencePath] {
            #expect(message.contains(part), "\(message) lacks \(part)")
        }

        let actual = try PNGCodec.read(contentsOf: mismatch.actualPath)
        #expect(actual == (try scene(marked: true).image()))
        let difference = try PNGCodec.read(contentsOf: mismatch.differencePath)
        #expect(difference.pixel(x: 5, y: 5) == SIMD4(255, 0, 0, 255))
        #expect(difference.pixel(x: 50, y: 50) != SIMD4(255, 0, 0, 255))

        // A later match removes the failure artefacts.
        try assertSnapshot(of: scene(), named: "scene", in: directory)
        #expect(!FileManager.default.fileExists(atPath: mismatch.actualPath))
        #expect(!FileManager.default.fileExists(atPath: mismatch.differencePath))
    }

    @Test("a looser configuration accepts the same change")
    func configurationOverride() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try assertSnapshot(of: scene(), named: "scene", in: directory)
        let loose = SnapshotConfiguration(precision: 0.95)
        let outcome = try assertSnapshot(of: scene(marked: true), named: "scene", in: directory, configuration: loose)
        guard case .matched(let comparison) = outcome else {
            Issue.record("expected a match, got \(outcome)")
            return
        }
        #expect(comparison.match == 0.96)
    }

    @Test("record modes: never refuses a missing reference, all overwrites")
    func recordModes() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let missing = #expect(throws: RenderError.self) {
            try assertSnapshot(of: scene(), named: "scene", in: directory, record: .never)
        }
        #expect(missing?.code == .resourceNotFound)

        try assertSnapshot(of: scene(), named: "scene", in: directory)
        let outcome = try assertSnapshot(of: scene(marked: true), named: "scene", in: directory, record: .all)
        #expect(outcome == .recorded(referencePath: directory + "/scene.png"))
        #expect(try PNGCodec.read(contentsOf: directory + "/scene.png") == (try scene(marked: true).image()))
    }

    @Test("names that are not plain file names are rejected", arguments: ["", ".", "..", "a/b"])
    func badNames(name: String) throws {
        let error = #expect(throws: RenderError.self) {
            try assertSnapshot(of: scene(), named: name, in: NSTemporaryDirectory())
        }
        #expect(error?.code == .invalidArgument)
    }

    @Test("a reference that is not a PNG is formatInvalid")
    func corruptReference() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: directory + "/scene.png"))
        let error = #expect(throws: RenderError.self) { try assertSnapshot(of: scene(), named: "scene", in: directory) }
        #expect(error?.code == .formatInvalid)
    }
}
