#pragma once

#include <stddef.h>
#include <stdint.h>

#include "KernelISA.h"

#ifdef __cplusplus
extern "C" {
#endif

/// One rotated rectangle reduced to the rows it covers (see `RectSpans` in Systems):
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
} RectSpans;

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
} RectColumns;

/// Reduces the rectangle of half-size `(hx, hy)` centred on `(cx, cy)`, whose local x axis
/// points along `(cosine, sine)` (a unit vector), to its spans on a canvas of `width` x `height`
/// pixels, filled with `pixel` (premultiplied) and `inverseAlpha`; returns 0 without writing
/// `out` when no pixel row of the canvas meets it. A pixel is inside when its centre is, with
/// left and top edges included (`RGBA8Canvas`'s pixel centres rule).
int rect_spans(float cx, float cy, float hx, float hy, float cosine, float sine, uint32_t pixel,
                        uint32_t inverseAlpha, ptrdiff_t width, ptrdiff_t height, RectSpans *out);

/// Validates rectangles `first..<first + count` of `columns` on `isa` (which the machine must
/// support) and reduces each to its
/// `RectSpans` on a canvas of `width` x `height` pixels cut into bands of `rowsPerBand`
/// rows, with `RGBA8Canvas`'s rules (see `RectSpans` in Systems): writes `spans[k]` for
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
/// have the bits `rect_spans` gives it, on every instruction set.
ptrdiff_t rect_batch_prepare(KernelISA isa, RectColumns columns, ptrdiff_t first, ptrdiff_t count, ptrdiff_t width,
                                 ptrdiff_t height, ptrdiff_t rowsPerBand, RectSpans *spans,
                                 uint32_t *bandRanges, ptrdiff_t *bandCounts, int32_t *bounds);

/// Blends `count` rectangles, in order, over the rows `rowBegin..<rowEnd` of a canvas of
/// `width` pixels per row whose first pixel is `canvas`, on `isa` (which the machine must
/// support): rectangle `k` is `rects[order[k]]`, or `rects[k]` when `order` is NULL. Each pixel
/// is source-over blended with rounding to nearest, `pixel + round(channel * inverseAlpha /
/// 255)` per byte; pixels outside `rowBegin..<rowEnd` are neither read nor written, so
/// disjoint row ranges may be filled at the same time. The pixels have the same bits on every
/// instruction set and for any split of the rows.
void rect_batch_fill(KernelISA isa, uint32_t *canvas, ptrdiff_t width, ptrdiff_t rowBegin,
                         ptrdiff_t rowEnd, const RectSpans *rects, const uint32_t *order, ptrdiff_t count);

/// Sets the `count` pixels from `pixels` to `value` (nothing when `count` is not positive).
void pixels_set(uint32_t *pixels, ptrdiff_t count, uint32_t value);

#ifdef __cplusplus
}
#endif
