// The resampling kernels on the baseline instruction set.
#define KERNEL(name) name##_portable
#include "AudioResampleLanes.h"
