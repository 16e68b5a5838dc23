import Foundation

/// Checks a file that starts like MPEG audio (an ID3v2 tag, or a frame sync word) for a run of
/// MPEG audio frames before libsndfile opens it.
///
/// libsndfile hands such a file to libmpg123, which prints its notes on a damaged stream
/// ("Illegal Audio-MPEG-Header …", "Trying to resync …") straight to the process's stderr, with
/// no way to silence them through libsndfile; the open then fails with libsndfile's catch-all
/// message. The probe refuses those files first, with a message that says what they are, so
/// nothing reaches stderr. A file whose run of frames is sound opens as before (libmpg123 may
/// still note a frame damaged further in while it decodes).
enum MPEGStreamProbe {
    /// Frames in a row, each where the previous header's length says, that make a stream.
    static let runLength = 3
    /// Bytes after the tags searched for the first frame of a run.
    static let searchWindow = 64 * 1024
    /// The longest MPEG audio frame: MPEG-2.5 layer II at 160 kbit/s and 8 kHz, padded.
    static let maxFrameLength = 2881
    /// Bytes read after the tags: the search window and a run starting at its end.
    private static let windowBytes = searchWindow + runLength * maxFrameLength

    /// Why the file at `path` is not an MPEG audio stream although it starts like one; nil when
    /// it does not start like one (libsndfile decides) or holds a run of frames.
    static func problem(at path: String) -> String? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        var offset: UInt64 = 0
        var isTagged = false
        // ID3v2 tags, possibly several: "ID3", version, flags, a 28-bit size in 7-bit bytes.
        while true {
            guard (try? file.seek(toOffset: offset)) != nil else { return nil }
            // At the end of the file a read gives nil.
            let bytes = [UInt8]((try? file.read(upToCount: 10)) ?? Data())
            guard bytes.count == 10, bytes[0] == 0x49, bytes[1] == 0x44, bytes[2] == 0x33 else {
                break
            }
            let size = bytes[6..<10].reduce(UInt64(0)) { $0 << 7 | UInt64($1 & 0x7F) }
            offset += 10 + size + (bytes[5] & 0x10 != 0 ? 10 : 0)
            isTagged = true
        }
        // Past the end of the file a seek may succeed and a read gives nil: no bytes either way.
        let canRead = (try? file.seek(toOffset: offset)) != nil
        let bytes = canRead ? [UInt8]((try? file.read(upToCount: windowBytes)) ?? Data()) : []
        guard let start = bytes.firstIndex(where: { $0 != 0 }) else { return isTagged ? "an ID3 tag with no audio after it" : nil }
        // After the tags, anything but a sync word is left to libsndfile (a FLAC or WAV file
        // may carry an ID3 tag too).
        guard bytes[start] == 0xFF else { return nil }
        let reachesEnd = bytes.count < windowBytes
        for candidate in start..<min(bytes.count, start + searchWindow) where bytes[candidate] == 0xFF {
            if hasRun(bytes, from: candidate, reachesEnd: reachesEnd) { return nil }
        }
        return "it starts like MPEG audio but holds no run of \(runLength) MPEG audio frames"
    }

    /// Whether ``runLength`` frames of one stream follow each other from `start`, or fewer that
    /// end exactly where the file does.
    static func hasRun(_ bytes: [UInt8], from start: Int, reachesEnd: Bool) -> Bool {
        guard let first = MPEGFrameHeader(bytes, at: start) else { return false }
        var position = start
        for _ in 0..<runLength {
            guard let header = MPEGFrameHeader(bytes, at: position), header.isSameStream(as: first) else {
                return reachesEnd && position == bytes.count && position > start
            }
            position += header.frameLength
        }
        return true
    }
}
