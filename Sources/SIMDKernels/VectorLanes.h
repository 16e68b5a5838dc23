// The vector lanes every kernel works on: `LANES` rows (or rectangles) at a time, one
// per lane. Included by each kernel header, in a file that defines `LANES`.
//
// Every operation works lane by lane in `float`, in the order the formulas state, and
// floating-point contraction is off, so each row's result has the same bits at any width and on
// any instruction set: only the number of rows per instruction changes.

#ifndef VECTOR_LANES_H
#define VECTOR_LANES_H

#include "ConfettiKernels.h"
#include "RectKernels.h"

#include <math.h>
#if LANES >= 8
#include <immintrin.h>
#endif

#pragma clang fp contract(off)

typedef float Lanes __attribute__((ext_vector_type(LANES)));
typedef int32_t Mask __attribute__((ext_vector_type(LANES)));
typedef uint32_t PixelLanes __attribute__((ext_vector_type(LANES)));
typedef int32_t IndexLanes __attribute__((ext_vector_type(LANES)));

/// `whenTrue` in the lanes set in `mask`, `whenFalse` elsewhere.
static inline Lanes select_lanes(Mask mask, Lanes whenTrue, Lanes whenFalse) {
    return (Lanes)(((Mask)whenTrue & mask) | ((Mask)whenFalse & ~mask));
}

/// `whenTrue` in the lanes set in `mask`, `whenFalse` elsewhere.
static inline IndexLanes select_indices(Mask mask, IndexLanes whenTrue, IndexLanes whenFalse) {
    return (whenTrue & mask) | (whenFalse & ~mask);
}

/// `|x|` lane by lane.
static inline Lanes magnitude(Lanes x) { return (Lanes)((Mask)x & 0x7FFFFFFF); }

/// The lane numbers `0, 1, ...`.
static inline IndexLanes lane_numbers(void) {
    IndexLanes iota;
    for (int lane = 0; lane < LANES; lane++) iota[lane] = lane;
    return iota;
}

#endif
