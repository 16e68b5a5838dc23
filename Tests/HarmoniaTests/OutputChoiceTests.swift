import Foundation
import Systems
import Testing

@testable import Harmonia

/// `--output KIND:PATH` and `--device NAME`.
struct OutputChoiceTests {
    @Test func kindsAndPaths() throws {
        #expect(try OutputChoice.file(parsing: "wav:a.wav") == .file(path: "a.wav", format: .wav16))
        #expect(try OutputChoice.file(parsing: "flac:/x/a:b.flac") == .file(path: "/x/a:b.flac", format: .flac16))
        #expect(try OutputChoice.file(parsing: "aiff:a") == .file(path: "a", format: .aiff16))
        #expect(try OutputChoice.file(parsing: "wavFloat:a.wav") == .file(path: "a.wav", format: .wavFloat))
    }

    @Test(arguments: ["wav", ":a.wav", "wav:", "", "mp4:a.mp4", "WAV:a.wav"])
    func badValuesSayWhatIsExpected(value: String) {
        #expect(throws: CoreError.self) { try OutputChoice.file(parsing: value) }
        do {
            _ = try OutputChoice.file(parsing: value)
        } catch {
            #expect(error.message.hasPrefix("--output \(value): "))
        }
    }

    @Test func theFileMustHaveAWritableFolder() throws {
        let folder = try TestFolder()
        defer { folder.remove() }
        #expect(throws: CoreError.notFound("--output \(folder.path)/no/a.wav: no folder \(folder.path)/no")) {
            try OutputChoice.file(path: folder.path + "/no/a.wav", format: .wav16).makeFactory()
        }
        #expect(throws: CoreError.invalidArgument("--output \(folder.path) is a folder; name a file in it")) {
            try OutputChoice.file(path: folder.path, format: .wav16).makeFactory()
        }
        let (_, output) = try OutputChoice.file(path: folder.path + "/a.wav", format: .wav16).makeFactory()
        #expect(output?.sink.path == folder.path + "/a.wav")
        #expect(try OutputChoice.factoryDefault.makeFactory().1 == nil)
    }

    @Test func aDeviceNeedsTheDeviceOutput() {
        #expect(throws: CoreError.self) { try OutputChoice.device("hw:0").makeFactory() }
        #expect(OutputChoice.device("hw:0").label == "device hw:0")
    }
}
