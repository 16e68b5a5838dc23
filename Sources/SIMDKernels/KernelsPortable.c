// The kernels on 4-lane vectors of the baseline instruction set.
#define LANES 4
#define KERNEL(name) name##_portable
#include "KernelLanes.h"
#include "RectPrepareLanes.h"
