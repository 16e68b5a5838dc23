// Whether a rectangle's spans can be filled without clamping, decided once per rectangle when
// its spans are made (`rect_spans` here, `rect_batch_prepare` on vectors with the
// same operations), so the fill kernel does not repeat the test for every band it meets.

#pragma once

#include "RectKernels.h"

/// Margin, in 16.16 units (one pixel), by which the float estimates below must clear every
/// bound. An end's 64-bit value on row `top + rows` is `trunc(end) + bias + rows * trunc(step)`;
/// its float estimate `end + rows * step` differs by less than 1 + `rows` (at most 16,384,
/// `RenderLimits.maxDimension`) + three float roundings of values below 2^31 (256 each): far
/// less than the margin, so a test the estimates pass with it the exact values pass too.
#define RECT_INSIDE_MARGIN 65536.0f
/// The largest magnitude of an end or step estimate that leaves its value within 32 bits with
/// the margin to spare: 2^31 - 2^18.
#define RECT_INSIDE_LIMIT 2147221504.0f
/// `SpanRasterizer.centreBiased`'s bias, `65535 - 32768`.
#define RECT_CENTRE_BIAS 32767.0f

/// `RectSpans.insideWidth` from the fixed-point products of a rectangle's four interval
/// ends on its top row and of its two steps (`SpanRasterizer.fixed` before its conversion to an
/// integer, without the bias), its row count less one and the canvas `width`: the ends on the
/// first and last rows bound every row's (each moves linearly), so when on both rows the span's
/// left end (the larger left end) and right end (the smaller right end) lie inside `0...width`
/// after the shift to pixels, and every end and step fits 32 bits, each with a pixel to spare,
/// the result is the widest a row's span can be in pixels (the narrower interval plus one pixel
/// for where its ends fall, at most `width`); otherwise 0. Stepping the ends in 32-bit wrapping
/// arithmetic then gives every row's 64-bit ends exactly.
static inline uint16_t rect_inside_width(float leftU, float rightU, float leftV, float rightV, float stepU,
                                                  float stepV, int32_t lastRow, ptrdiff_t width) {
#define RECT_MIN(a, b) ((a) < (b) ? (a) : (b))
#define RECT_MAX(a, b) ((a) > (b) ? (a) : (b))
    const float rows = (float)lastRow;
    const float lastLeftU = leftU + rows * stepU, lastRightU = rightU + rows * stepU;
    const float lastLeftV = leftV + rows * stepV, lastRightV = rightV + rows * stepV;
    const float least = RECT_MIN(RECT_MIN(RECT_MIN(leftU, lastLeftU), RECT_MIN(leftV, lastLeftV)),
                                     RECT_MIN(RECT_MIN(rightU, lastRightU), RECT_MIN(rightV, lastRightV)));
    const float most = RECT_MAX(RECT_MAX(RECT_MAX(leftU, lastLeftU), RECT_MAX(leftV, lastLeftV)),
                                    RECT_MAX(RECT_MAX(rightU, lastRightU), RECT_MAX(rightV, lastRightV)));
    const float leftMost = RECT_MAX(RECT_MAX(leftU, lastLeftU), RECT_MAX(leftV, lastLeftV));
    const float leftInside = RECT_MAX(RECT_MIN(leftU, lastLeftU), RECT_MIN(leftV, lastLeftV));
    const float rightLeast = RECT_MIN(RECT_MIN(rightU, lastRightU), RECT_MIN(rightV, lastRightV));
    const float rightInside = RECT_MIN(RECT_MAX(rightU, lastRightU), RECT_MAX(rightV, lastRightV));
    // The last pixel's end, less the bias and the margin.
    const float rowEnd = (float)width * 65536.0f + (65535.0f - RECT_CENTRE_BIAS - RECT_INSIDE_MARGIN);
    const float lowest = RECT_INSIDE_MARGIN - RECT_CENTRE_BIAS;
    const int inside = (width <= UINT16_MAX) & (least >= -RECT_INSIDE_LIMIT) & (most <= RECT_INSIDE_LIMIT)
        & (stepU >= -RECT_INSIDE_LIMIT) & (stepU <= RECT_INSIDE_LIMIT) & (stepV >= -RECT_INSIDE_LIMIT)
        & (stepV <= RECT_INSIDE_LIMIT) & (leftInside >= lowest) & (leftMost <= rowEnd) & (rightLeast >= lowest)
        & (rightInside <= rowEnd);
    if (!inside) return 0;
    // The ends' integer parts fit 32 bits here; their differences fit 32 unsigned bits.
    const uint32_t spanU = (uint32_t)(int32_t)rightU - (uint32_t)(int32_t)leftU;
    const uint32_t spanV = (uint32_t)(int32_t)rightV - (uint32_t)(int32_t)leftV;
    const uint32_t widest = (RECT_MIN(spanU, spanV) >> 16) + 1;
    return (uint16_t)RECT_MIN(widest, (uint32_t)width);
#undef RECT_MIN
#undef RECT_MAX
}
