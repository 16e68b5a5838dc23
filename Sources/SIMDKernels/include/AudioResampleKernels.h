#pragma once

#include "KernelISA.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The coefficient tables of a polyphase resampling filter (see `PolyphaseFilter` in Systems):
/// output frame `n` weighs the `taps` input frames from `cursor + 1 - taps / 2` on by the
/// coefficients of its phase, then moves `step` phases on (`phases` phases make one input frame).
typedef struct {
    /// `phases × taps` coefficients, phase after phase, for one channel.
    const float *mono;
    /// The same coefficients each written twice in a row, for interleaved stereo.
    const float *stereo;
    /// Phases per input frame.
    ptrdiff_t phases;
    /// Phases advanced per output frame.
    ptrdiff_t step;
    /// Coefficients per phase, a multiple of 8.
    ptrdiff_t taps;
} AudioPolyphaseTables;

/// Where a resampled source is read next: the input frame and the phase after it, in
/// `0..<phases`.
typedef struct {
    ptrdiff_t cursor;
    ptrdiff_t phase;
} AudioResamplePosition;

// Both kernels read a mono (`channels` 1) or interleaved stereo (`channels` 2) source whose
// frame 0 is at `source`, from `*position` on, and leave `*position` after the last frame. The
// caller keeps every read inside the source's allocation (its padding covers the `taps / 2`
// frames either side of the frames the cursor visits). A frame's taps are multiplied and
// summed in 16 lanes for stereo (even lanes left, odd lanes right) and 8 for mono, a chunk at a
// time, then the lanes are folded by halves; `isa` (which the machine must support) changes
// only how many lanes one instruction holds, so every frame has the same bits on every
// instruction set.

/// Writes `count` resampled frames (`count × channels` samples) to `frames`.
void audio_resample_frames(KernelISA isa, const AudioPolyphaseTables *filter, const float *source,
                           ptrdiff_t channels, AudioResamplePosition *position, ptrdiff_t count, float *frames);

/// Adds `count` resampled frames to the interleaved stereo `output`: `left` times the frame's
/// left sample to the left channel and `right` times its right sample to the right (a mono
/// source's sample feeds both).
void audio_resample_mix_stereo(KernelISA isa, const AudioPolyphaseTables *filter, const float *source,
                               ptrdiff_t channels, AudioResamplePosition *position, ptrdiff_t count, float left,
                               float right, float *output);

#ifdef __cplusplus
}
#endif
