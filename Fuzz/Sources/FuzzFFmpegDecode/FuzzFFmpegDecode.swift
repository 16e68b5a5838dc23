import Foundation
import Systems

/// Where each input is written: a file of this process (the decoder reads paths), in memory
/// when `/dev/shm` exists. It has no extension: FFmpeg's probe of the bytes picks the format.
let inputPath = (FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory())
    + "/ffmpeg-decode-fuzz-\(ProcessInfo.processInfo.processIdentifier)"

/// The decoder under test; one for the whole run, as a player keeps one.
let decoder = FFmpegDecoder()

/// libFuzzer entry point: the input is an audio file of any format FFmpeg reads. Opening must
/// throw a `AudioError` or give a stream whose information validates (1…64 channels, 1 Hz…768 kHz);
/// every block read holds samples in [−1, 1] and no NaN; a seek to the middle and a read after
/// it succeed or throw a `AudioError`; closing twice is harmless and a closed handle is
/// `invalidState`; the tag reader throws a `AudioError` or gives a finite, non-negative duration.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFFmpegDecode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size == 0 ? Data() : Data(bytes: data!, count: size)
    guard FileManager.default.createFile(atPath: inputPath, contents: bytes) else {
        preconditionFailure("cannot write the input to \(inputPath)")
    }
    defer { try? FileManager.default.removeItem(atPath: inputPath) }
    let url = URL(fileURLWithPath: inputPath)
    if let tags = try? FFmpegTagReader().read(url: url), let duration = tags.duration {
        precondition(duration.isFinite && duration >= 0, "tag duration \(duration)")
    }
    guard let handle = try? decoder.open(url: url) else { return 0 }
    defer { decoder.close(handle) }
    guard let info = try? decoder.info(handle) else { preconditionFailure("no information for an open handle") }
    precondition((try? info.validate()) != nil, "invalid stream information \(info)")
    precondition((1...64).contains(info.channels) && info.sampleRate <= 768_000, "unchecked format \(info)")
    var block = [Float](repeating: .nan, count: 4_096 * info.channels)
    var frames = 0
    // 2^22 frames is more than any input libFuzzer makes holds; stop there, as a check of time.
    while frames < 1 << 22, let read = try? decoder.read(handle, into: &block, maxFrames: 4_096), read > 0 {
        precondition(read <= 4_096, "read \(read) frames into a block of 4,096")
        precondition(block[..<(read * info.channels)].allSatisfy { $0 >= -1 && $0 <= 1 }, "a sample outside [-1, 1] or NaN")
        frames += read
    }
    if (try? decoder.seek(handle, toSeconds: info.duration / 2)) != nil, let read = try? decoder.read(handle, into: &block, maxFrames: 4_096) {
        precondition(block[..<(read * info.channels)].allSatisfy { $0 >= -1 && $0 <= 1 }, "a sample outside [-1, 1] after a seek")
    }
    decoder.close(handle)
    do {
        _ = try decoder.read(handle, into: &block, maxFrames: 1)
        preconditionFailure("a closed handle read")
    } catch {
        precondition(error == .invalidState("the decode handle is closed or was not opened by this decoder"), "\(error)")
    }
    return 0
}
