// The polyphase resampling kernels. Included once per instruction set by a file that defines
// `KERNEL(name)`, the name of that file's copy of a public kernel; the vectors below are as wide
// on every instruction set (a 16-lane vector is four SSE registers or two AVX2 registers), so
// the arithmetic, and every result bit, is the same on each.

#include "AudioResampleKernels.h"

#pragma clang fp contract(off)

typedef float Float16 __attribute__((ext_vector_type(16)));
typedef float Float8 __attribute__((ext_vector_type(8)));
typedef float Float4 __attribute__((ext_vector_type(4)));
typedef float Float2 __attribute__((ext_vector_type(2)));

/// The taps of the filters designed for upsampling, for which the loops are unrolled.
#define UPSAMPLING_TAPS 24

/// A vector of type `type` from the consecutive floats at `p`. (A macro: a function returning a
/// vector wider than the instruction set's registers would change ABI between instruction sets.)
#define LOAD(type, p)                                    \
    ({                                                   \
        type loaded_;                                    \
        __builtin_memcpy(&loaded_, (p), sizeof loaded_); \
        loaded_;                                         \
    })

/// `(left, right)` of one stereo output frame: `2 × taps` products of the duplicated
/// coefficients and the interleaved samples, summed 16 lanes at a time, folded by halves.
static inline __attribute__((always_inline)) Float2 stereo_frame(const float *coefficients, const float *samples,
                                                                  ptrdiff_t taps) {
    Float16 sum = 0.0f;
    for (ptrdiff_t offset = 0; offset < 2 * taps; offset += 16) sum += LOAD(Float16, coefficients + offset) * LOAD(Float16, samples + offset);
    Float8 eight = sum.lo + sum.hi;
    Float4 quarter = eight.lo + eight.hi;
    return quarter.lo + quarter.hi;
}

/// One mono output sample: `taps` products summed 8 lanes at a time, folded by halves.
static inline __attribute__((always_inline)) float mono_frame(const float *coefficients, const float *samples,
                                                               ptrdiff_t taps) {
    Float8 sum = 0.0f;
    for (ptrdiff_t offset = 0; offset < taps; offset += 8) sum += LOAD(Float8, coefficients + offset) * LOAD(Float8, samples + offset);
    Float4 quarter = sum.lo + sum.hi;
    Float2 pair = quarter.lo + quarter.hi;
    return pair.x + pair.y;
}

/// A filter's walk through its source: the tables and the step split into whole input frames
/// and a remainder of phases.
typedef struct {
    const float *coefficients;
    ptrdiff_t phases, wholeFrames, extraPhases, taps, channels;
    const float *firstTap;
} Walk;

/// The walk of `filter` over `source` with `channels` channels (1 or 2).
static inline Walk make_walk(const AudioPolyphaseTables *filter, const float *source, ptrdiff_t channels) {
    Walk w;
    w.coefficients = channels == 2 ? filter->stereo : filter->mono;
    w.phases = filter->phases;
    w.wholeFrames = filter->step / filter->phases;
    w.extraPhases = filter->step % filter->phases;
    w.taps = filter->taps;
    w.channels = channels;
    w.firstTap = source - (filter->taps / 2 - 1) * channels;
    return w;
}

/// The frame at `(cursor, phase)` under `w`, as `(left, right)` (a mono sample in both).
static inline __attribute__((always_inline)) Float2 frame_at(const Walk *w, ptrdiff_t cursor, ptrdiff_t phase,
                                                              ptrdiff_t taps, ptrdiff_t channels) {
    const float *coefficients = w->coefficients + channels * taps * phase;
    const float *samples = w->firstTap + channels * cursor;
    if (channels == 2) return stereo_frame(coefficients, samples, taps);
    return (Float2)mono_frame(coefficients, samples, taps);
}

/// Moves `(cursor, phase)` on by one output frame.
static inline __attribute__((always_inline)) void step_on(const Walk *w, ptrdiff_t *cursor, ptrdiff_t *phase) {
    *cursor += w->wholeFrames;
    *phase += w->extraPhases;
    if (*phase >= w->phases) {
        *phase -= w->phases;
        *cursor += 1;
    }
}

/// `count` frames from `*position` written to `frames`, for `taps` taps and `channels` channels
/// (constants where inlined, so the loops unroll).
static inline __attribute__((always_inline)) void write_frames(const Walk *w, AudioResamplePosition *position,
                                                                ptrdiff_t count, float *frames, ptrdiff_t taps,
                                                                ptrdiff_t channels) {
    ptrdiff_t cursor = position->cursor, phase = position->phase;
    for (ptrdiff_t n = 0; n < count; n++) {
        Float2 frame = frame_at(w, cursor, phase, taps, channels);
        if (channels == 2) __builtin_memcpy(frames + 2 * n, &frame, sizeof frame);
        else frames[n] = frame.x;
        step_on(w, &cursor, &phase);
    }
    position->cursor = cursor;
    position->phase = phase;
}

/// `count` frames from `*position` times `gains` added to the stereo `output`.
static inline __attribute__((always_inline)) void add_frames(const Walk *w, AudioResamplePosition *position,
                                                              ptrdiff_t count, Float2 gains, float *output,
                                                              ptrdiff_t taps, ptrdiff_t channels) {
    ptrdiff_t cursor = position->cursor, phase = position->phase;
    for (ptrdiff_t n = 0; n < count; n++) {
        Float2 frame = frame_at(w, cursor, phase, taps, channels);
        Float2 sum;
        __builtin_memcpy(&sum, output + 2 * n, sizeof sum);
        sum += gains * frame;
        __builtin_memcpy(output + 2 * n, &sum, sizeof sum);
        step_on(w, &cursor, &phase);
    }
    position->cursor = cursor;
    position->phase = phase;
}

void KERNEL(audio_resample_frames)(const AudioPolyphaseTables *filter, const float *source, ptrdiff_t channels,
                                   AudioResamplePosition *position, ptrdiff_t count, float *frames) {
    const Walk w = make_walk(filter, source, channels);
    if (channels == 2) {
        if (w.taps == UPSAMPLING_TAPS) write_frames(&w, position, count, frames, UPSAMPLING_TAPS, 2);
        else write_frames(&w, position, count, frames, w.taps, 2);
    } else {
        if (w.taps == UPSAMPLING_TAPS) write_frames(&w, position, count, frames, UPSAMPLING_TAPS, 1);
        else write_frames(&w, position, count, frames, w.taps, 1);
    }
}

void KERNEL(audio_resample_mix_stereo)(const AudioPolyphaseTables *filter, const float *source, ptrdiff_t channels,
                                       AudioResamplePosition *position, ptrdiff_t count, float left, float right,
                                       float *output) {
    const Walk w = make_walk(filter, source, channels);
    const Float2 gains = {left, right};
    if (channels == 2) {
        if (w.taps == UPSAMPLING_TAPS) add_frames(&w, position, count, gains, output, UPSAMPLING_TAPS, 2);
        else add_frames(&w, position, count, gains, output, w.taps, 2);
    } else {
        if (w.taps == UPSAMPLING_TAPS) add_frames(&w, position, count, gains, output, UPSAMPLING_TAPS, 1);
        else add_frames(&w, position, count, gains, output, w.taps, 1);
    }
}
