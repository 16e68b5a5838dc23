// The kernels on 8-lane vectors with AVX-512 enabled, whose fill blends 16-pixel blocks through
// mask registers: a confetti rectangle's row (4 to 35 pixels) mostly takes one block instead of
// two or three. The batch preparation runs on 16 lanes, in `RectPrepareAVX512.c`. Only
// this file's functions use AVX-512 instructions, and the dispatcher calls them only after
// checking that the machine supports them.
#if defined(__x86_64__)
#pragma clang attribute push(__attribute__((target("avx2,avx512f,avx512bw,avx512vl"))), apply_to = function)
#define LANES 8
#define BLOCK_LANES 16
#define KERNEL(name) name##_avx512
#include "KernelLanes.h"
#pragma clang attribute pop
#endif
