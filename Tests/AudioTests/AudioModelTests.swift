import Foundation
import Testing
import Audio

@Suite("Audio core models")
/// `StreamInfo` and `AudioError`.
struct AudioModelTests {
    @Test("StreamInfo.validate accepts the boundaries and names the first bad field")
    func streamInfoValidation() throws {
        try StreamInfo(duration: 0, sampleRate: 1, channels: 1, bitDepth: 8).validate()
        let cases: [(StreamInfo, AudioError)] = [
            (StreamInfo(duration: -0.1, sampleRate: 44_100, channels: 2, bitDepth: 16), .invalidArgument("duration -0.1 s is not a finite value ≥ 0")),
            (StreamInfo(duration: .nan, sampleRate: 44_100, channels: 2, bitDepth: 16), .invalidArgument("duration nan s is not a finite value ≥ 0")),
            (StreamInfo(duration: 1, sampleRate: 0, channels: 2, bitDepth: 16), .invalidArgument("sample rate 0.0 Hz is not a finite value > 0")),
            (StreamInfo(duration: 1, sampleRate: .infinity, channels: 2, bitDepth: 16), .invalidArgument("sample rate inf Hz is not a finite value > 0")),
            (StreamInfo(duration: 1, sampleRate: 44_100, channels: 0, bitDepth: 16), .invalidArgument("channel count 0 is below 1")),
            (StreamInfo(duration: 1, sampleRate: 44_100, channels: 2, bitDepth: 7), .invalidArgument("bit depth 7 is below 8")),
        ]
        for (info, expected) in cases {
            #expect(throws: expected) { try info.validate() }
        }
    }

    @Test("AudioError equality compares case and message, and ignores an ioError's underlying error")
    func coreErrorEquality() {
        #expect(AudioError.ioError("read failed", underlying: POSIXError(.EIO)) == .ioError("read failed", underlying: POSIXError(.EACCES)))
        #expect(AudioError.ioError("read failed", underlying: POSIXError(.EIO)) != .ioError("write failed", underlying: POSIXError(.EIO)))
        #expect(AudioError.notFound("x") != .decodeError("x"))
        #expect(AudioError.invalidState("x") == .invalidState("x"))
        #expect(AudioError.unsupported("a.xyz").description == "unsupported: a.xyz")
        #expect(AudioError.ioError("disk", underlying: POSIXError(.EIO)).message == "disk")
    }

    @Test("a world's error becomes an audio error with the world's message: a gone or foreign entity is notFound, any other refusal keeps the world's code")
    func worldErrors() {
        #expect(AudioError(ECSError(.invalidArgument, "bad")) == .invalidArgument("bad"))
        #expect(AudioError(ECSError(.staleEntity, "gone")) == .notFound("gone"))
        #expect(AudioError(ECSError(.missingComponent, "not a voice")) == .notFound("not a voice"))
        let refused = AudioError(ECSError(.structuralChangeDuringIteration, "in a loop"))
        #expect(refused == .world(ECSError(.structuralChangeDuringIteration, "in a loop")))
        #expect(refused.message == "in a loop" && refused.caseName == "world")
        #expect(refused.description == "world: [structural_change_during_iteration] in a loop")
        #expect(PlaybackError(refused) == .invalidState("[structural_change_during_iteration] in a loop"))
    }
}
