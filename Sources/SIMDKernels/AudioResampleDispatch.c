// Forwards the public resampling kernels to the copy for the requested instruction set (the
// AVX2 copy on AVX-512, which gives them nothing more).

#include "AudioResampleKernels.h"

void audio_resample_frames_portable(const AudioPolyphaseTables *, const float *, ptrdiff_t, AudioResamplePosition *,
                                    ptrdiff_t, float *);
void audio_resample_mix_stereo_portable(const AudioPolyphaseTables *, const float *, ptrdiff_t,
                                        AudioResamplePosition *, ptrdiff_t, float, float, float *);
#if defined(__x86_64__)
void audio_resample_frames_avx2(const AudioPolyphaseTables *, const float *, ptrdiff_t, AudioResamplePosition *,
                                ptrdiff_t, float *);
void audio_resample_mix_stereo_avx2(const AudioPolyphaseTables *, const float *, ptrdiff_t, AudioResamplePosition *,
                                    ptrdiff_t, float, float, float *);
#endif

void audio_resample_frames(KernelISA isa, const AudioPolyphaseTables *filter, const float *source,
                           ptrdiff_t channels, AudioResamplePosition *position, ptrdiff_t count, float *frames) {
#if defined(__x86_64__)
    if (isa == KernelISAAVX2 || isa == KernelISAAVX512) {
        audio_resample_frames_avx2(filter, source, channels, position, count, frames);
        return;
    }
#endif
    (void)isa;
    audio_resample_frames_portable(filter, source, channels, position, count, frames);
}

void audio_resample_mix_stereo(KernelISA isa, const AudioPolyphaseTables *filter, const float *source,
                               ptrdiff_t channels, AudioResamplePosition *position, ptrdiff_t count, float left,
                               float right, float *output) {
#if defined(__x86_64__)
    if (isa == KernelISAAVX2 || isa == KernelISAAVX512) {
        audio_resample_mix_stereo_avx2(filter, source, channels, position, count, left, right, output);
        return;
    }
#endif
    (void)isa;
    audio_resample_mix_stereo_portable(filter, source, channels, position, count, left, right, output);
}
