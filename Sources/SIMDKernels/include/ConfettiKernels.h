#pragma once

#include <stddef.h>
#include <stdint.h>

#include "KernelISA.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Constants of one physics step over one wind block (see `ConfettiStepKernel` in Systems).
typedef struct {
    /// Step length in seconds.
    float deltaTime;
    /// `gravity · dt`, added to `v.y`.
    float gravityImpulse;
    /// Velocity multiplier per step.
    float drag;
    /// Cap on `v.y` (downward only).
    float terminalVelocity;
    /// Inclusive lower corner of the live area.
    float boundsMinX, boundsMinY;
    /// Exclusive upper corner of the live area.
    float boundsMaxX, boundsMaxY;
    /// `sin θ_b` and `cos θ_b` of the wind block's base angle.
    float windBaseSin, windBaseCos;
    /// Opacity of every in-bounds particle when `isFading` is nonzero.
    float fadeOpacity;
    /// Nonzero while the global fade-out applies.
    int32_t isFading;
} ConfettiStepConstants;

/// Column pointers of the rows one step reads and writes, all at the same first row.
/// Pair columns hold `(x, y)` float pairs, one per row.
typedef struct {
    float *position;
    float *velocity;
    float *rotation;
    float *opacity;
    const float *spin;
    const float *windForce;
} ConfettiStepColumns;

/// Column pointers of the rows the render mapping reads, all at the same first row.
typedef struct {
    const float *size;
    const float *position;
    const float *rotation;
    const float *opacity;
} ConfettiRenderColumns;

/// The layout of `ParticleRenderState` in Systems (its tests check that the two agree). The
/// render kernel writes `center` with `size` and `opacity` with `zRotation`, and keeps `id`
/// and `color`.
typedef struct {
    uint64_t id;
    /// `r`, `g`, `b`, `a`.
    float color[4];
    float center[2];
    float size[2];  // directly after `center`
    float opacity;
    float zRotation;  // directly after `opacity`
} ConfettiRenderRecord;

_Static_assert(offsetof(ConfettiRenderRecord, size) == offsetof(ConfettiRenderRecord, center) + 8,
               "the kernel stores center and size together");
_Static_assert(offsetof(ConfettiRenderRecord, zRotation) == offsetof(ConfettiRenderRecord, opacity) + 4,
               "the kernel stores opacity and zRotation together");

/// Steps `count` rows of one wind block on `isa` (which the machine must support) and returns
/// how many are dead (opacity not above 0) afterwards. `phaseCos[i]` and `phaseSin[i]` are
/// `cos` and `sin` of row `i`'s phase offset from the block's base angle. Every row's result
/// has the same bits on every instruction set and for any split of the rows.
ptrdiff_t confetti_step_rows(KernelISA isa, ConfettiStepColumns columns, ptrdiff_t count,
                             const float *phaseCos, const float *phaseSin, const ConfettiStepConstants *constants);

/// Writes the per-step render fields of `count` rows to the `ConfettiRenderRecord`s at
/// `records`, on `isa` (which the machine must support). Every row's result has the same bits
/// on every instruction set and for any split of the rows.
void confetti_render_rows(KernelISA isa, ConfettiRenderColumns columns, ptrdiff_t count, void *records);

/// Writes the per-step render fields of the listed rows, row `rows[k] - first` of `columns` to
/// the `ConfettiRenderRecord` at the same index of `records`, for `k` in `0..<count`, on `isa`
/// (which the machine must support): as many listed rows at a time as the set's vectors hold,
/// with the bits `confetti_render_rows` gives each row. The rows may come in any order.
void confetti_render_listed_rows(KernelISA isa, ConfettiRenderColumns columns, const ptrdiff_t *rows,
                                 ptrdiff_t count, ptrdiff_t first, void *records);

/// Steps `count` rows of one wind block like `confetti_step_rows` and, in the same pass,
/// writes their render fields to the `ConfettiRenderRecord`s at `records` like
/// `confetti_render_rows` after it; `size` is the rows' `(width, height)` column. Returns how
/// many rows are dead afterwards. The columns and records get the bits the two passes give
/// them, on every instruction set and for any split of the rows.
ptrdiff_t confetti_step_render_rows(KernelISA isa, ConfettiStepColumns columns, const float *size,
                                    ptrdiff_t count, const float *phaseCos, const float *phaseSin,
                                    const ConfettiStepConstants *constants, void *records);

#ifdef __cplusplus
}
#endif
