// Reduces one rotated rectangle, given by its axis, to the spans the fill kernel takes, with the
// canvas's rules (`RGBA8Canvas`, `SpanRasterizer` in Systems), operation for operation: the form
// for single shapes such as line segments. The batch form, `rect_batch_prepare`, does the
// same on vectors (`RectPrepareLanes.h`), with the same bits (checked by the tests).

#include "RectKernels.h"
#include "RectInsideWidth.h"

#include <math.h>

#pragma clang fp contract(off)

/// `SpanRasterizer.fixed` before its conversion to an integer: clamped to +-2^36 pixels (NaN to
/// the lower end), times 2^16.
static inline float fixed_product(float value) {
    const float limit = 68719476736.0f;
    float clamped = value > -limit ? (value < limit ? value : limit) : -limit;
    return clamped * 65536.0f;
}

/// `SpanRasterizer.fixed`: 16.16 fixed point.
static inline int64_t fixed(float value) { return (int64_t)fixed_product(value); }

/// `SpanRasterizer.centreBiased`: the fixed-point value whose floor is the first pixel whose
/// centre is at or after `edge`.
static inline int64_t centre_biased(float edge) { return fixed(edge) + (65535 - 32768); }

/// `SpanRasterizer.index`: the floor of a biased edge, clamped to `0...limit`.
static inline ptrdiff_t span_row(int64_t biased, ptrdiff_t limit) {
    int64_t index = biased >> 16;
    return index < 0 ? 0 : (index > limit ? limit : (ptrdiff_t)index);
}

int rect_spans(float cx, float cy, float hx, float hy, float cosine, float sine, uint32_t pixel,
                        uint32_t inverseAlpha, ptrdiff_t width, ptrdiff_t height, RectSpans *out) {
    float absCos = fabsf(cosine), absSin = fabsf(sine);
    float extentX = absCos * hx + absSin * hy;
    float extentY = absSin * hx + absCos * hy;
    ptrdiff_t y0 = span_row(centre_biased(cy - extentY), height);
    ptrdiff_t y1 = span_row(centre_biased(cy + extentY), height);
    if (!(y0 < y1 && cx + extentX > 0 && cx - extentX < (float)width)) return 0;
    // An edge pair parallel to the x axis does not bound x; the row range bounds it instead.
    const float nearlyZero = 1e-6f, unbounded = 1e30f;
    float inverseCos = absCos < nearlyZero ? 0 : 1 / cosine;
    float inverseSin = absSin < nearlyZero ? 0 : 1 / sine;
    float slopeU = -sine * inverseCos;
    float halfU = absCos < nearlyZero ? unbounded : hx * fabsf(inverseCos);
    float slopeV = cosine * inverseSin;
    float halfV = absSin < nearlyZero ? unbounded : hy * fabsf(inverseSin);
    // The four interval ends on the first row.
    float dy = (float)y0 + 0.5f - cy;
    float midU = cx + slopeU * dy;
    float midV = cx + slopeV * dy;
    out->top = (int32_t)y0;
    out->bottom = (int32_t)y1;
    out->leftU = centre_biased(midU - halfU);
    out->rightU = centre_biased(midU + halfU);
    out->leftV = centre_biased(midV - halfV);
    out->rightV = centre_biased(midV + halfV);
    out->stepU = fixed(slopeU);
    out->stepV = fixed(slopeV);
    out->pixel = pixel;
    out->inverseAlpha = (uint16_t)inverseAlpha;
    out->insideWidth = rect_inside_width(
        fixed_product(midU - halfU), fixed_product(midU + halfU), fixed_product(midV - halfV),
        fixed_product(midV + halfV), fixed_product(slopeU), fixed_product(slopeV), (int32_t)(y1 - 1 - y0), width);
    return 1;
}

