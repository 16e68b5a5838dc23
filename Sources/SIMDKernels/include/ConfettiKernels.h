#pragma once

#include <stddef.h>
#include <stdint.h>

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

/// One rotated rectangle reduced to the rows it covers (see `ConfettiRectSpans` in Systems):
/// rows `top..<bottom` of the canvas and, on row `top`, the four ends of the intervals that
/// bound its pixel centres along its two axes, in 16.16 fixed point biased so that the floor is
/// a pixel index; each end moves by its axis's step per row. Row `y`'s span runs from the floor
/// of `max(leftU, leftV)` to the floor of `min(rightU, rightV)`, clamped to the row.
typedef struct {
    int32_t top;
    int32_t bottom;
    int64_t leftU, rightU, leftV, rightV;
    int64_t stepU, stepV;
    /// The premultiplied packed colour (bytes R, G, B, A in memory).
    uint32_t pixel;
    /// `255 - alpha` of the colour.
    uint16_t inverseAlpha;
    /// When every row's span lies inside the canvas row and every end and step fits 32 bits
    /// (decided from float estimates with a pixel to spare, so a rectangle at the edge may get
    /// 0), the widest a row's span can be, in pixels (at least 1); 0 when rows must be clamped.
    /// Filled rows take their ends from 32-bit steps then, with no clamping.
    uint16_t insideWidth;
} ConfettiRectSpans;

/// Where the fields of a batch of rectangles lie: rectangle `k`'s field is at byte offset
/// `k * stride` from its column's pointer (the columns may interleave, as in an array of
/// structures).
typedef struct {
    /// `(x, y)` of the centre.
    const float *center;
    ptrdiff_t centerStride;
    /// Width and height before rotation.
    const float *size;
    ptrdiff_t sizeStride;
    /// The rotation in radians.
    const float *rotation;
    ptrdiff_t rotationStride;
    /// `r`, `g`, `b`, `a`.
    const float *color;
    ptrdiff_t colorStride;
    /// The factor applied to alpha.
    const float *opacity;
    ptrdiff_t opacityStride;
} ConfettiRectColumns;

/// Instruction sets the kernels can run on.
typedef enum {
    /// 4-lane vectors of the baseline instruction set (SSE2, NEON).
    ConfettiKernelISAPortable = 0,
    /// 8-lane AVX2 vectors (x86-64 with AVX2 and OS support for its registers).
    ConfettiKernelISAAVX2 = 1,
    /// The AVX2 kernels with AVX-512 enabled (F, BW and VL, and OS support for the mask and
    /// 512-bit registers): the fill blends 16-pixel blocks. The resampling kernels run as on AVX2.
    ConfettiKernelISAAVX512 = 2,
} ConfettiKernelISA;

/// Whether this machine can run the kernels on `isa`.
int confetti_kernels_supports(ConfettiKernelISA isa);

/// Steps `count` rows of one wind block on `isa` (which the machine must support) and returns
/// how many are dead (opacity not above 0) afterwards. `phaseCos[i]` and `phaseSin[i]` are
/// `cos` and `sin` of row `i`'s phase offset from the block's base angle. Every row's result
/// has the same bits on every instruction set and for any split of the rows.
ptrdiff_t confetti_step_rows(ConfettiKernelISA isa, ConfettiStepColumns columns, ptrdiff_t count,
                             const float *phaseCos, const float *phaseSin, const ConfettiStepConstants *constants);

/// Writes the per-step render fields of `count` rows to the `ConfettiRenderRecord`s at
/// `records`, on `isa` (which the machine must support). Every row's result has the same bits
/// on every instruction set and for any split of the rows.
void confetti_render_rows(ConfettiKernelISA isa, ConfettiRenderColumns columns, ptrdiff_t count, void *records);

/// Writes the per-step render fields of the listed rows, row `rows[k] - first` of `columns` to
/// the `ConfettiRenderRecord` at the same index of `records`, for `k` in `0..<count`, on `isa`
/// (which the machine must support): as many listed rows at a time as the set's vectors hold,
/// with the bits `confetti_render_rows` gives each row. The rows may come in any order.
void confetti_render_listed_rows(ConfettiKernelISA isa, ConfettiRenderColumns columns, const ptrdiff_t *rows,
                                 ptrdiff_t count, ptrdiff_t first, void *records);

/// Steps `count` rows of one wind block like `confetti_step_rows` and, in the same pass,
/// writes their render fields to the `ConfettiRenderRecord`s at `records` like
/// `confetti_render_rows` after it; `size` is the rows' `(width, height)` column. Returns how
/// many rows are dead afterwards. The columns and records get the bits the two passes give
/// them, on every instruction set and for any split of the rows.
ptrdiff_t confetti_step_render_rows(ConfettiKernelISA isa, ConfettiStepColumns columns, const float *size,
                                    ptrdiff_t count, const float *phaseCos, const float *phaseSin,
                                    const ConfettiStepConstants *constants, void *records);

/// Reduces the rectangle of half-size `(hx, hy)` centred on `(cx, cy)`, whose local x axis
/// points along `(cosine, sine)` (a unit vector), to its spans on a canvas of `width` x `height`
/// pixels, filled with `pixel` (premultiplied) and `inverseAlpha`; returns 0 without writing
/// `out` when no pixel row of the canvas meets it. A pixel is inside when its centre is, with
/// left and top edges included (`RGBA8Canvas`'s pixel centres rule).
int confetti_rect_spans(float cx, float cy, float hx, float hy, float cosine, float sine, uint32_t pixel,
                        uint32_t inverseAlpha, ptrdiff_t width, ptrdiff_t height, ConfettiRectSpans *out);

/// Validates rectangles `first..<first + count` of `columns` on `isa` (which the machine must
/// support) and reduces each to its
/// `ConfettiRectSpans` on a canvas of `width` x `height` pixels cut into bands of `rowsPerBand`
/// rows, with `RGBA8Canvas`'s rules (see `ConfettiRectSpans` in Systems): writes `spans[k]` for
/// each rectangle `k` (its spans when it meets the canvas with a visible colour, unspecified
/// values otherwise, which nothing reads), and `bandRanges[k]` for
/// every one (the first band it meets in the low 16 bits, one past the last in the high 16
/// bits; both equal when nothing is filled), adds 1 to `bandCounts[b]` for every band `b` a
/// rectangle meets, widens `bounds` (`minX, minY, endX, endY`: columns `minX..<endX` and rows
/// `minY..<endY`, inside the canvas) to hold every pixel a rectangle that meets the canvas may
/// fill, and returns how many rectangles were valid (finite, within
/// `RenderLimits.maxCoordinate`, sizes not negative). Sines and cosines come from the C
/// library's `sinf` and `cosf` (with glibc, its `sincosf`, which gives their bits), like Swift's
/// `sin` and `cos` on Linux; each rectangle's spans
/// have the bits `confetti_rect_spans` gives it, on every instruction set.
ptrdiff_t confetti_prepare_rects(ConfettiKernelISA isa, ConfettiRectColumns columns, ptrdiff_t first, ptrdiff_t count, ptrdiff_t width,
                                 ptrdiff_t height, ptrdiff_t rowsPerBand, ConfettiRectSpans *spans,
                                 uint32_t *bandRanges, ptrdiff_t *bandCounts, int32_t *bounds);

/// Blends `count` rectangles, in order, over the rows `rowBegin..<rowEnd` of a canvas of
/// `width` pixels per row whose first pixel is `canvas`, on `isa` (which the machine must
/// support): rectangle `k` is `rects[order[k]]`, or `rects[k]` when `order` is NULL. Each pixel
/// is source-over blended with rounding to nearest, `pixel + round(channel * inverseAlpha /
/// 255)` per byte; pixels outside `rowBegin..<rowEnd` are neither read nor written, so
/// disjoint row ranges may be filled at the same time. The pixels have the same bits on every
/// instruction set and for any split of the rows.
void confetti_fill_rects(ConfettiKernelISA isa, uint32_t *canvas, ptrdiff_t width, ptrdiff_t rowBegin,
                         ptrdiff_t rowEnd, const ConfettiRectSpans *rects, const uint32_t *order, ptrdiff_t count);

/// Sets the `count` pixels from `pixels` to `value` (nothing when `count` is not positive).
void confetti_set_pixels(uint32_t *pixels, ptrdiff_t count, uint32_t value);

#ifdef __cplusplus
}
#endif

// The polyphase resampling kernels of the audio mixer, on the same instruction sets.
#include "AudioResampleKernels.h"
