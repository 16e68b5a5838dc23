// Reduces rotated rectangles to the spans the fill kernel takes, with the canvas's rules
// (`RGBA8Canvas`, `PixelSource`, `SpanRasterizer` in Systems), operation for operation. Scalar code for every
// instruction set: it runs once per rectangle, the fill once per pixel.

#include "ConfettiKernels.h"

#include <math.h>

#pragma clang fp contract(off)

/// `RenderLimits.maxCoordinate`.
static const float maxCoordinate = 10000000.0f;

/// `RenderLimits.isDrawable`: finite and within `maxCoordinate` (NaN is not).
static inline int is_drawable(float value) { return fabsf(value) <= maxCoordinate; }

/// `PixelPacking.unit`: clamped into `0...1`, NaN to 0.
static inline float unit(float value) { return value > 0 ? (value < 1 ? value : 1) : 0; }

/// `SpanRasterizer.fixed`: 16.16 fixed point, clamped to +-2^36 pixels (NaN to the lower end).
static inline int64_t fixed(float value) {
    const float limit = 68719476736.0f;
    float clamped = value > -limit ? (value < limit ? value : limit) : -limit;
    return (int64_t)(clamped * 65536.0f);
}

/// `SpanRasterizer.centreBiased`: the fixed-point value whose floor is the first pixel whose
/// centre is at or after `edge`.
static inline int64_t centre_biased(float edge) { return fixed(edge) + (65535 - 32768); }

/// `SpanRasterizer.index`: the floor of a biased edge, clamped to `0...limit`.
static inline ptrdiff_t span_row(int64_t biased, ptrdiff_t limit) {
    int64_t index = biased >> 16;
    return index < 0 ? 0 : (index > limit ? limit : (ptrdiff_t)index);
}

/// The float at byte offset `index * stride` from `column`, plus `lane` floats.
static inline float field(const float *column, ptrdiff_t stride, ptrdiff_t index, int lane) {
    float value;
    __builtin_memcpy(&value, (const char *)column + index * stride + lane * (ptrdiff_t)sizeof(float), sizeof value);
    return value;
}

int confetti_rect_spans(float cx, float cy, float hx, float hy, float cosine, float sine, uint32_t pixel,
                        uint32_t inverseAlpha, ptrdiff_t width, ptrdiff_t height, ConfettiRectSpans *out) {
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
    out->inverseAlpha = inverseAlpha;
    return 1;
}

ptrdiff_t confetti_prepare_rects(ConfettiRectColumns c, ptrdiff_t first, ptrdiff_t count, ptrdiff_t width,
                                 ptrdiff_t height, ptrdiff_t rowsPerBand, ConfettiRectSpans *spans,
                                 uint32_t *bandRanges, ptrdiff_t *bandCounts) {
    ptrdiff_t valid = 0;
    for (ptrdiff_t k = first; k < first + count; k++) {
        float cx = field(c.center, c.centerStride, k, 0), cy = field(c.center, c.centerStride, k, 1);
        float sx = field(c.size, c.sizeStride, k, 0), sy = field(c.size, c.sizeStride, k, 1);
        float rotation = field(c.rotation, c.rotationStride, k, 0);
        float r = field(c.color, c.colorStride, k, 0), g = field(c.color, c.colorStride, k, 1);
        float b = field(c.color, c.colorStride, k, 2), a = field(c.color, c.colorStride, k, 3);
        float opacity = field(c.opacity, c.opacityStride, k, 0);
        bandRanges[k] = 0;
        if (!(isfinite(rotation) && is_drawable(cx) && is_drawable(cy) && sx >= 0 && sy >= 0 && is_drawable(sx)
              && is_drawable(sy) && isfinite(r) && isfinite(g) && isfinite(b) && isfinite(a) && isfinite(opacity)))
            continue;
        valid++;

        // `PixelSource`: premultiplied, rounded to nearest.
        float alpha = unit(a) * unit(opacity);
        uint32_t alpha8 = (uint32_t)(alpha * 255 + 0.5f);
        if (alpha8 == 0) continue;
        uint32_t red = (uint32_t)(unit(r) * alpha * 255 + 0.5f);
        uint32_t green = (uint32_t)(unit(g) * alpha * 255 + 0.5f);
        uint32_t blue = (uint32_t)(unit(b) * alpha * 255 + 0.5f);
        uint32_t pixel = red | green << 8 | blue << 16 | alpha8 << 24;
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        pixel = __builtin_bswap32(pixel);  // bytes R, G, B, A in memory
#endif

        ConfettiRectSpans *out = &spans[k];
        if (!confetti_rect_spans(cx, cy, sx * 0.5f, sy * 0.5f, cosf(rotation), sinf(rotation),
                                 pixel, 255 - alpha8, width, height, out))
            continue;

        ptrdiff_t y0 = out->top, y1 = out->bottom;
        ptrdiff_t firstBand = y0 / rowsPerBand, endBand = (y1 - 1) / rowsPerBand + 1;
        for (ptrdiff_t band = firstBand; band < endBand; band++) bandCounts[band]++;
        bandRanges[k] = (uint32_t)firstBand | (uint32_t)endBand << 16;
    }
    return valid;
}
