import Foundation
import Audio
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
        #expect(throws: AudioError.self) { try OutputChoice.file(parsing: value) }
        do {
            _ = try OutputChoice.file(parsing: value)
        } catch {
            #expect(error.message.hasPrefix("--output \(value): "))
        }
    }

    @Test func theFileMustHaveAWritableFolder() throws {
        let folder = try TestFolder()
        defer { folder.remove() }
        #expect(throws: AudioError.notFound("--output \(folder.path)/no/a.wav: no folder \(folder.path)/no")) {
            try OutputChoice.file(path: folder.path + "/no/a.wav", format: .wav16).makeFactory(notice: DeviceNotice())
        }
        #expect(throws: AudioError.invalidArgument("--output \(folder.path) is a folder; name a file in it")) {
            try OutputChoice.file(path: folder.path, format: .wav16).makeFactory(notice: DeviceNotice())
        }
        let (_, output) = try OutputChoice.file(path: folder.path + "/a.wav", format: .wav16).makeFactory(notice: DeviceNotice())
        #expect(output?.sink.path == folder.path + "/a.wav")
        #expect(try OutputChoice.factoryDefault.makeFactory(notice: DeviceNotice()).1 == nil)
    }

    @Test func aDeviceThatDoesNotOpenIsSilentAndSaysWhy() throws {
        let notice = DeviceNotice()
        let (_, file) = try OutputChoice.device("hw:99").makeFactory(notice: notice)
        #expect(file == nil)
        #expect(OutputChoice.device("hw:99").label == "device hw:99")
        #expect(OutputChoice.factoryDefault.label == "device default")
        #expect(notice.message == nil, "nothing is opened before a track plays")
        let output = CoreFactory.deviceOutput(device: "hw:99", notice: notice.record)
        try output.configure(sampleRate: 44_100, channels: 2, framesPerBuffer: 512)
        let message = try #require(notice.message)
        #expect(message.hasPrefix("no sound device (cannot open ALSA device 'hw:99'") && message.hasSuffix("; playing silently"), "\(message)")
        notice.record(.notFound("a second failure"))
        #expect(notice.message == message, "the first reason stays")
    }
}
