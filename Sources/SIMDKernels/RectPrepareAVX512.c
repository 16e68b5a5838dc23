// The batch preparation on 16-lane AVX-512 vectors: sixteen rectangles at a time. Only this
// file's functions use AVX-512 instructions, and the dispatcher calls them only after checking
// that the machine supports them. (The other AVX-512 kernels, in `KernelsAVX512.c`,
// step and shade rows on 8 lanes, which is faster for them.)
#if defined(__x86_64__)
#pragma clang attribute push(__attribute__((target("avx2,avx512f,avx512bw,avx512vl"))), apply_to = function)
#define LANES 16
#define KERNEL(name) name##_avx512
#include "RectPrepareLanes.h"
#pragma clang attribute pop
#endif
