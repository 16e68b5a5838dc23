#pragma once

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Instruction sets the kernels can run on.
typedef enum {
    /// 4-lane vectors of the baseline instruction set (SSE2, NEON).
    KernelISAPortable = 0,
    /// 8-lane AVX2 vectors (x86-64 with AVX2 and OS support for its registers).
    KernelISAAVX2 = 1,
    /// The AVX2 kernels with AVX-512 enabled (F, BW and VL, and OS support for the mask and
    /// 512-bit registers): the fill blends 16-pixel blocks. The resampling kernels run as on AVX2.
    KernelISAAVX512 = 2,
} KernelISA;

/// Whether this machine can run the kernels on `isa`.
int kernels_supports(KernelISA isa);

#ifdef __cplusplus
}
#endif
