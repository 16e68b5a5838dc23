// The kernels on 8-lane AVX2 vectors. Only this file's functions use AVX2 instructions, and
// the dispatcher calls them only after checking that the machine supports them.
#if defined(__x86_64__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#define LANES 8
#define KERNEL(name) name##_avx2
#include "KernelLanes.h"
#include "RectPrepareLanes.h"
#pragma clang attribute pop
#endif
