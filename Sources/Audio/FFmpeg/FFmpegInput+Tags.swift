import CFFmpeg

extension FFmpegInput {
    /// The metadata of the container, then of `stream`, as key-value pairs in FFmpeg's order.
    func metadata(of stream: UnsafeMutablePointer<AVStream>) -> [(key: String, value: String)] {
        // SAFETY: the dictionaries belong to the open context and its stream.
        unsafe Self.pairs(demuxer.pointee.metadata) + Self.pairs(stream.pointee.metadata)
    }

    /// The first attached picture (a stream with `AV_DISPOSITION_ATTACHED_PIC`): its bytes as
    /// stored, and the MIME type of its codec.
    var artwork: EmbeddedArtwork? {
        for unsafe stream in unsafe streams {
            // SAFETY: a live stream of the open context; its attached packet holds `size` bytes.
            let picture = unsafe stream.pointee.attached_pic
            guard unsafe stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0,
                  let data = unsafe picture.data, unsafe picture.size > 0, unsafe Int64(picture.size) <= byteCount else { continue }
            let bytes = unsafe Array(UnsafeBufferPointer(start: data, count: Int(picture.size)))
            // SAFETY: the stream's parameters are live while it is.
            let codec = unsafe FFmpegLibrary.codecName(stream.pointee.codecpar.pointee.codec_id)
            return EmbeddedArtwork(data: bytes, mimeType: Self.mimeTypes[codec] ?? "application/octet-stream")
        }
        return nil
    }

    /// The `replaygain` side data FFmpeg's demuxer attached to `stream` (from an MP3's LAME
    /// header, or the file's ReplayGain tags), nil when it has none.
    func replayGainSideData(of stream: UnsafeMutablePointer<AVStream>) -> ReplayGain? {
        var gain = AVReplayGain()
        // SAFETY: the stream is live; the C helper copies the side data into the local struct.
        guard unsafe cffmpeg_stream_replaygain(stream, &gain) != 0 else { return nil }
        // Gains are in microbels (INT32_MIN when unknown), peaks in 1/100,000 of full scale (0 when unknown).
        let decibels = { (value: Int32) in value == Int32.min ? nil : Double(value) / 100_000 }
        let peak = { (value: UInt32) in value == 0 ? nil : Double(value) / 100_000 }
        let values = ReplayGain(
            trackGain: decibels(gain.track_gain), trackPeak: peak(gain.track_peak),
            albumGain: decibels(gain.album_gain), albumPeak: peak(gain.album_peak)
        )
        return values.isEmpty ? nil : values
    }

    /// The MIME types of the picture codecs FFmpeg names for attached pictures.
    private static let mimeTypes = [
        "mjpeg": "image/jpeg", "png": "image/png", "bmp": "image/bmp", "gif": "image/gif", "webp": "image/webp", "tiff": "image/tiff",
    ]

    /// The entries of `dictionary` in order.
    private static func pairs(_ dictionary: OpaquePointer?) -> [(key: String, value: String)] {
        var pairs: [(key: String, value: String)] = []
        var entry: UnsafeMutablePointer<AVDictionaryEntry>?
        while true {
            // SAFETY: av_dict_get walks the live dictionary; an empty key with
            // AV_DICT_IGNORE_SUFFIX matches every entry, and the strings are copied at once.
            unsafe entry = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX)
            guard let current = unsafe entry else { return pairs }
            unsafe pairs.append((String(cString: current.pointee.key), String(cString: current.pointee.value)))
        }
    }
}
