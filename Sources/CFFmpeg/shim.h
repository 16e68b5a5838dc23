// FFmpeg (libavformat, libavcodec, libavutil, libswresample) for the audio decoder, with the
// few helpers Swift cannot write itself: error codes that are function-like macros, a C
// callback for the open deadline (AVIOInterruptCB), a log callback that discards, and sample
// conversion calls whose pointer casts C expresses directly.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/mem.h>
#include <libavutil/replaygain.h>
#include <libswresample/swresample.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

/// FFmpeg's end-of-stream code (AVERROR_EOF).
static inline int cffmpeg_error_eof(void) { return AVERROR_EOF; }
/// "Needs more input" (AVERROR(EAGAIN)).
static inline int cffmpeg_error_again(void) { return AVERROR(EAGAIN); }
/// "Stopped on request": what an interrupt callback that fired makes a call return (AVERROR_EXIT).
static inline int cffmpeg_error_exit(void) { return AVERROR_EXIT; }
/// Out of memory (AVERROR(ENOMEM)).
static inline int cffmpeg_error_no_memory(void) { return AVERROR(ENOMEM); }
/// No stream of the asked type (AVERROR_STREAM_NOT_FOUND).
static inline int cffmpeg_error_stream_not_found(void) { return AVERROR_STREAM_NOT_FOUND; }
/// No decoder for the stream's codec (AVERROR_DECODER_NOT_FOUND).
static inline int cffmpeg_error_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
/// A missing timestamp (AV_NOPTS_VALUE).
static inline int64_t cffmpeg_no_timestamp(void) { return AV_NOPTS_VALUE; }

/// A point on the monotonic clock after which FFmpeg calls are interrupted.
typedef struct cffmpeg_deadline {
    /// Nanoseconds on CLOCK_MONOTONIC.
    int64_t monotonic_ns;
} cffmpeg_deadline;

/// Nanoseconds on CLOCK_MONOTONIC.
static inline int64_t cffmpeg_monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

/// The interrupt callback: non-zero (stop) once the deadline `opaque` points to has passed.
static inline int cffmpeg_deadline_passed(void *opaque) {
    const cffmpeg_deadline *deadline = (const cffmpeg_deadline *)opaque;
    return cffmpeg_monotonic_ns() >= deadline->monotonic_ns;
}

/// Moves `deadline` to `timeout_ns` from now.
static inline void cffmpeg_deadline_arm(cffmpeg_deadline *deadline, int64_t timeout_ns) {
    deadline->monotonic_ns = cffmpeg_monotonic_ns() + timeout_ns;
}

/// The AVIOInterruptCB that interrupts FFmpeg once `deadline` has passed.
static inline AVIOInterruptCB cffmpeg_deadline_callback(cffmpeg_deadline *deadline) {
    AVIOInterruptCB callback = { cffmpeg_deadline_passed, deadline };
    return callback;
}

/// A log callback that drops every message.
static inline void cffmpeg_discard_log(void *context, int level, const char *format, va_list arguments) {
    (void)context; (void)level; (void)format; (void)arguments;
}

/// Silences FFmpeg's logging for the whole process: level quiet, and a callback that discards
/// (the default callback writes to stderr).
static inline void cffmpeg_silence_logging(void) {
    av_log_set_level(AV_LOG_QUIET);
    av_log_set_callback(cffmpeg_discard_log);
}

/// (Re)configures `*converter` to turn frames of `channels` channels of `format` at `rate` into
/// interleaved float at the same rate, channel for channel (the same default layout on both
/// sides, so nothing is remixed whatever order the source declares). Returns 0 or an AVERROR.
static inline int cffmpeg_configure_float_converter(SwrContext **converter, int channels, enum AVSampleFormat format, int rate) {
    AVChannelLayout layout;
    int status;
    swr_free(converter);
    av_channel_layout_default(&layout, channels);
    status = swr_alloc_set_opts2(converter, &layout, AV_SAMPLE_FMT_FLT, rate, &layout, format, rate, 0, NULL);
    if (status >= 0) status = swr_init(*converter);
    av_channel_layout_uninit(&layout);
    return status;
}

/// Converts all of `frame` into `output`, which holds `capacity` frames of interleaved float.
/// Returns the frames written or an AVERROR.
static inline int cffmpeg_convert_frame(SwrContext *converter, float *output, int capacity, const AVFrame *frame) {
    uint8_t *planes[1] = { (uint8_t *)output };
    return swr_convert(converter, planes, capacity, (const uint8_t **)frame->extended_data, frame->nb_samples);
}

/// Copies the stream's ReplayGain side data into `gain`; 1 when the stream has it, else 0.
static inline int cffmpeg_stream_replaygain(const AVStream *stream, AVReplayGain *gain) {
    size_t size = 0;
    const uint8_t *data = av_stream_get_side_data(stream, AV_PKT_DATA_REPLAYGAIN, &size);
    if (data == NULL || size < sizeof(AVReplayGain)) return 0;
    memcpy(gain, data, sizeof(AVReplayGain));
    return 1;
}
