// The resampling kernels on AVX2. Only this file's functions use AVX2 instructions, and the
// dispatcher calls them only for `KernelISAAVX2`, which callers check the machine runs.
#if defined(__x86_64__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#define KERNEL(name) name##_avx2
#include "AudioResampleLanes.h"
#pragma clang attribute pop
#endif
