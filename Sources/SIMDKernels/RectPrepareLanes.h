// The batch preparation of rectangles for the fill, `rect_batch_prepare`, over `LANES`-wide
// vectors (`VectorLanes.h`), one rectangle per lane. Included once per instruction set by a
// file that defines `LANES` (4, 8 or 16) and `KERNEL(name)`, the name of that file's copy of
// the kernel.

#include "VectorLanes.h"
#include "RectInsideWidth.h"

#if LANES != 4 && LANES != 8 && LANES != 16
#error "LANES must be 4, 8 or 16"
#endif

// Some helpers return vectors wider than the instruction set's registers (four 64-bit words on
// the portable build); all are static and inlined, so no call crosses an ABI boundary.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wpsabi"

/// `clamp(value, -2^36, 2^36) * 65536`: `SpanRasterizer.fixed` before its conversion to an
/// integer (NaN goes to the lower end).
static inline Lanes fixed_product(Lanes value) {
    const Lanes limit = 68719476736.0f;
    return select_lanes(value > -limit, select_lanes(value < limit, value, limit), -limit) * 65536.0f;
}

/// How far ahead of its group the gathering preparation fetches the rectangles, in rows.
#define PREFETCH_ROWS 32

/// 64-bit signed lanes, one per rectangle.
typedef int64_t WideIndexLanes __attribute__((ext_vector_type(LANES)));

/// `row / divisor` lane by lane for `0 <= row < 2^16`, from `reciprocal = ceil(2^32 / divisor)`
/// with `2 <= divisor < 2^16` (so the reciprocal fits 32 bits): the product exceeds
/// `row * 2^32 / divisor` by less than `2^32 / divisor`, which cannot carry the quotient past
/// the next integer. Lanes outside `0..<2^16` get some value.
///
/// The reciprocal is taken in 16-bit halves, so every product fits a 32-bit lane (the high
/// half is below 2^15): `(row * reciprocal) >> 32` is `(row * high + ((row * low) >> 16)) >> 16`.
static inline IndexLanes quotient_lanes(IndexLanes row, uint32_t reciprocal) {
    const PixelLanes rows = (PixelLanes)row & 0xFFFF;
    return (IndexLanes)((rows * (reciprocal >> 16) + ((rows * (reciprocal & 0xFFFF)) >> 16)) >> 16);
}

/// `(int64_t)product` lane by lane for the `fixed_product`s of a group: through 32-bit lanes
/// when `fits` (every product below 2^31 in magnitude, so its truncation fits 32 bits), else
/// directly; the same values either way.
static inline WideIndexLanes wide_fixed(Lanes product, int fits) {
    if (fits) return __builtin_convertvector(__builtin_convertvector(product, IndexLanes), WideIndexLanes);
    return __builtin_convertvector(product, WideIndexLanes);
}

/// `SpanRasterizer.index(centreBiased(edge), limit)` from `fixed_product(edge)`, in 32-bit
/// lanes: a product at or beyond +-2^30 lies at or beyond row 16384 (`RenderLimits.maxDimension`)
/// or below row 0, so it clamps to `limit` or 0 like the 64-bit form, and one within converts
/// exactly.
static inline IndexLanes centre_row(Lanes product, int32_t limit) {
    const Lanes bound = 1073741824.0f;
    Mask below = product > -bound;
    Mask beyond = product >= bound;
    IndexLanes fixed = __builtin_convertvector(select_lanes(below & ~beyond, product, (Lanes)0.0f), IndexLanes);
    IndexLanes row = (fixed + (65535 - 32768)) >> 16;
    row = select_indices(row < 0, (IndexLanes)0, row);
    row = select_indices(row > limit, (IndexLanes)limit, row);
    row = select_indices(beyond, (IndexLanes)limit, row);
    return select_indices(below, row, (IndexLanes)0);
}

/// The smaller of `a` and `b` lane by lane, as `RECT_MIN` picks it.
static inline Lanes min_lanes(Lanes a, Lanes b) { return select_lanes(a < b, a, b); }

/// The larger of `a` and `b` lane by lane, as `RECT_MAX` picks it.
static inline Lanes max_lanes(Lanes a, Lanes b) { return select_lanes(a > b, a, b); }

/// The smaller of `a` and `b` lane by lane, unsigned.
static inline PixelLanes min_unsigned(PixelLanes a, PixelLanes b) {
    PixelLanes less = (PixelLanes)(a < b);
    return (a & less) | (b & ~less);
}

/// `rect_inside_width` lane by lane, with the same operations, from the products of
/// the ends (`ends`: left and right along U, then along V, then the steps along U and V) and
/// each lane's last row less its first.
static inline IndexLanes inside_width_lanes(const Lanes ends[6], IndexLanes lastRow, ptrdiff_t width) {
    const Lanes rows = __builtin_convertvector(lastRow, Lanes);
    const Lanes leftU = ends[0], rightU = ends[1], leftV = ends[2], rightV = ends[3], stepU = ends[4], stepV = ends[5];
    const Lanes lastLeftU = leftU + rows * stepU, lastRightU = rightU + rows * stepU;
    const Lanes lastLeftV = leftV + rows * stepV, lastRightV = rightV + rows * stepV;
    const Lanes leftMost = max_lanes(max_lanes(leftU, lastLeftU), max_lanes(leftV, lastLeftV));
    const Lanes leftLeast = min_lanes(min_lanes(leftU, lastLeftU), min_lanes(leftV, lastLeftV));
    const Lanes leftInside = max_lanes(min_lanes(leftU, lastLeftU), min_lanes(leftV, lastLeftV));
    const Lanes rightLeast = min_lanes(min_lanes(rightU, lastRightU), min_lanes(rightV, lastRightV));
    const Lanes rightMost = max_lanes(max_lanes(rightU, lastRightU), max_lanes(rightV, lastRightV));
    const Lanes rightInside = min_lanes(max_lanes(rightU, lastRightU), max_lanes(rightV, lastRightV));
    const Lanes least = min_lanes(leftLeast, rightLeast), most = max_lanes(leftMost, rightMost);
    const float rowEnd = (float)width * 65536.0f + (65535.0f - RECT_CENTRE_BIAS - RECT_INSIDE_MARGIN);
    const float lowest = RECT_INSIDE_MARGIN - RECT_CENTRE_BIAS;
    Mask inside = (least >= -RECT_INSIDE_LIMIT) & (most <= RECT_INSIDE_LIMIT)
        & (stepU >= -RECT_INSIDE_LIMIT) & (stepU <= RECT_INSIDE_LIMIT) & (stepV >= -RECT_INSIDE_LIMIT)
        & (stepV <= RECT_INSIDE_LIMIT) & (leftInside >= lowest) & (leftMost <= rowEnd) & (rightLeast >= lowest)
        & (rightInside <= rowEnd);
    if (width > UINT16_MAX) inside = (Mask)0;
    // The ends' integer parts fit 32 bits in the lanes inside (the others convert 0); their
    // differences fit 32 unsigned bits.
    PixelLanes ends32[4];
    for (int end = 0; end < 4; end++) {
        ends32[end] = (PixelLanes)__builtin_convertvector(select_lanes(inside, ends[end], (Lanes)0.0f), IndexLanes);
    }
    PixelLanes widest = (min_unsigned(ends32[1] - ends32[0], ends32[3] - ends32[2]) >> 16) + 1;
    return (IndexLanes)min_unsigned(widest, (PixelLanes)(uint32_t)width) & inside;
}

/// `|x| <= bound` lane by lane (false for NaN).
static inline Mask within(Lanes x, float bound) { return magnitude(x) <= bound; }

/// `PixelPacking.unit`: clamped into `0...1`, NaN to 0.
static inline Lanes unit_lanes(Lanes x) {
    return select_lanes(x > 0.0f, select_lanes(x < 1.0f, x, (Lanes)1.0f), (Lanes)0.0f);
}

/// `round_to_pixel(unit * alpha * 255 + 0.5)` as in `PixelSource`.
static inline IndexLanes channel_lanes(Lanes value, Lanes alpha) {
    return __builtin_convertvector(unit_lanes(value) * alpha * 255.0f + 0.5f, IndexLanes);
}

#if defined(__GLIBC__) && !defined(RECT_SINCOSF_DECLARED)
#define RECT_SINCOSF_DECLARED
/// glibc's `sincosf` (a GNU extension, declared by `math.h` only under `_GNU_SOURCE`).
void sincosf(float x, float *sine, float *cosine);
#endif

/// `sinf(x)` and `cosf(x)`, the C library's, like Swift's `sin` and `cos` on Linux. glibc's
/// `sincosf` makes both from one argument reduction with the same polynomials as `sinf` and
/// `cosf`, so it gives their bits (for every `float`; the tests compare the batch preparation
/// with Swift's `sin` and `cos` over wide arguments) in one call instead of two.
static inline void sine_cosine(float x, float *sine, float *cosine) {
#if defined(__GLIBC__)
    sincosf(x, sine, cosine);
#else
    *sine = sinf(x);
    *cosine = cosf(x);
#endif
}

/// The fields of a group of `LANES` rectangles, one lane each.
typedef struct {
    Lanes centerX, centerY, sizeX, sizeY, rotation, red, green, blue, alpha, opacity;
} RectFieldLanes;

/// Sets lane `lane` of `f` to the fields of rectangle `row` of `c`.
__attribute__((always_inline)) static inline void load_rect_field_lane(RectFieldLanes *f, RectColumns c,
                                                                       ptrdiff_t row, int lane) {
    float pair[2], color[4], rotation, opacity;
    __builtin_memcpy(pair, (const char *)c.center + row * c.centerStride, sizeof pair);
    f->centerX[lane] = pair[0];
    f->centerY[lane] = pair[1];
    __builtin_memcpy(pair, (const char *)c.size + row * c.sizeStride, sizeof pair);
    f->sizeX[lane] = pair[0];
    f->sizeY[lane] = pair[1];
    __builtin_memcpy(&rotation, (const char *)c.rotation + row * c.rotationStride, sizeof rotation);
    f->rotation[lane] = rotation;
    __builtin_memcpy(color, (const char *)c.color + row * c.colorStride, sizeof color);
    f->red[lane] = color[0];
    f->green[lane] = color[1];
    f->blue[lane] = color[2];
    f->alpha[lane] = color[3];
    __builtin_memcpy(&opacity, (const char *)c.opacity + row * c.opacityStride, sizeof opacity);
    f->opacity[lane] = opacity;
}

/// The fields of rectangles `k..<k + lanes` of `c`; missing lanes get a NaN rotation, which is
/// invalid, and zeros elsewhere. With AVX2 or AVX-512, a whole group whose strides keep the
/// lanes' byte offsets within 32 bits loads each field with one gather; otherwise rectangle by
/// rectangle. Either way the lanes hold the same values.
static inline RectFieldLanes load_rect_fields(RectColumns c, ptrdiff_t k, int lanes) {
    RectFieldLanes f;
#if LANES >= 8
    const ptrdiff_t reach = INT32_MAX / LANES;
    const int gathers = lanes == LANES && c.centerStride >= -reach && c.centerStride <= reach
        && c.sizeStride >= -reach && c.sizeStride <= reach && c.rotationStride >= -reach && c.rotationStride <= reach
        && c.colorStride >= -reach && c.colorStride <= reach && c.opacityStride >= -reach && c.opacityStride <= reach;
    if (gathers) {
        const IndexLanes rows = lane_numbers();
        // Field `index` (in floats) of the group's rectangles, `stride` bytes apart.
#if LANES == 16
#define RECT_GATHER(column, stride, index)                                                                    \
    ((Lanes)_mm512_i32gather_ps((__m512i)(rows * (int32_t)(stride)),                                              \
                                (const float *)((const char *)(column) + k * (stride)) + (index), 1))
#else
#define RECT_GATHER(column, stride, index)                                                                    \
    ((Lanes)_mm256_i32gather_ps((const float *)((const char *)(column) + k * (stride)) + (index),                  \
                                (__m256i)(rows * (int32_t)(stride)), 1))
#endif
        f.centerX = RECT_GATHER(c.center, c.centerStride, 0);
        f.centerY = RECT_GATHER(c.center, c.centerStride, 1);
        f.sizeX = RECT_GATHER(c.size, c.sizeStride, 0);
        f.sizeY = RECT_GATHER(c.size, c.sizeStride, 1);
        f.rotation = RECT_GATHER(c.rotation, c.rotationStride, 0);
        f.red = RECT_GATHER(c.color, c.colorStride, 0);
        f.green = RECT_GATHER(c.color, c.colorStride, 1);
        f.blue = RECT_GATHER(c.color, c.colorStride, 2);
        f.alpha = RECT_GATHER(c.color, c.colorStride, 3);
        f.opacity = RECT_GATHER(c.opacity, c.opacityStride, 0);
#undef RECT_GATHER
        return f;
    }
#endif
    const Lanes zero = 0.0f;
    f.centerX = f.centerY = f.sizeX = f.sizeY = f.red = f.green = f.blue = f.alpha = f.opacity = zero;
    f.rotation = (Lanes)__builtin_nanf("");
    if (lanes == LANES) {
        // Every lane at a constant index: the compiler builds each vector in registers (a lane
        // index it cannot see made it store, patch and reload the whole vector per lane, and
        // each reload waited on a failed store forward).
#pragma clang loop unroll(full)
        for (int lane = 0; lane < LANES; lane++) load_rect_field_lane(&f, c, k + lane, lane);
    } else {
        for (int lane = 0; lane < lanes; lane++) load_rect_field_lane(&f, c, k + lane, lane);
    }
    return f;
}

/// The 8-byte words of `RectSpans`, one vector per word with one lane per rectangle.
typedef uint64_t SpanWordLanes __attribute__((ext_vector_type(LANES)));
/// Two words of each rectangle side by side.
typedef uint64_t SpanPairLanes __attribute__((ext_vector_type(2 * LANES)));
/// Four words of each rectangle side by side.
typedef uint64_t SpanQuadLanes __attribute__((ext_vector_type(4 * LANES)));
/// Whole `RectSpans`, one after another.
typedef uint64_t SpanRecordLanes __attribute__((ext_vector_type(8 * LANES)));
/// `SpanRecordLanes` as stored over the spans: 8-byte aligned, and allowed to alias them.
typedef uint64_t SpanRecordStore __attribute__((ext_vector_type(8 * LANES), aligned(8), may_alias));

// Shuffles that interleave two vectors in units of one, two and four words.
#if LANES == 4
#define SPAN_PAIRS 0, 4, 1, 5, 2, 6, 3, 7
#define SPAN_QUADS 0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15
#define SPAN_RECORDS 0, 1, 2, 3, 16, 17, 18, 19, 4, 5, 6, 7, 20, 21, 22, 23, 8, 9, 10, 11, 24, 25, 26, 27, 12, 13, 14, 15, 28, 29, 30, 31
#elif LANES == 16
#define SPAN_PAIRS 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31
#define SPAN_QUADS 0, 1, 32, 33, 2, 3, 34, 35, 4, 5, 36, 37, 6, 7, 38, 39, 8, 9, 40, 41, 10, 11, 42, 43, 12, 13, 44, 45, 14, 15, 46, 47, 16, 17, 48, 49, 18, 19, 50, 51, 20, 21, 52, 53, 22, 23, 54, 55, 24, 25, 56, 57, 26, 27, 58, 59, 28, 29, 60, 61, 30, 31, 62, 63
#define SPAN_RECORDS 0, 1, 2, 3, 64, 65, 66, 67, 4, 5, 6, 7, 68, 69, 70, 71, 8, 9, 10, 11, 72, 73, 74, 75, 12, 13, 14, 15, 76, 77, 78, 79, 16, 17, 18, 19, 80, 81, 82, 83, 20, 21, 22, 23, 84, 85, 86, 87, 24, 25, 26, 27, 88, 89, 90, 91, 28, 29, 30, 31, 92, 93, 94, 95, 32, 33, 34, 35, 96, 97, 98, 99, 36, 37, 38, 39, 100, 101, 102, 103, 40, 41, 42, 43, 104, 105, 106, 107, 44, 45, 46, 47, 108, 109, 110, 111, 48, 49, 50, 51, 112, 113, 114, 115, 52, 53, 54, 55, 116, 117, 118, 119, 56, 57, 58, 59, 120, 121, 122, 123, 60, 61, 62, 63, 124, 125, 126, 127
#else
#define SPAN_PAIRS 0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15
#define SPAN_QUADS 0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23, 8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31
#define SPAN_RECORDS 0, 1, 2, 3, 32, 33, 34, 35, 4, 5, 6, 7, 36, 37, 38, 39, 8, 9, 10, 11, 40, 41, 42, 43, 12, 13, 14, 15, 44, 45, 46, 47, 16, 17, 18, 19, 48, 49, 50, 51, 20, 21, 22, 23, 52, 53, 54, 55, 24, 25, 26, 27, 56, 57, 58, 59, 28, 29, 30, 31, 60, 61, 62, 63
#endif

_Static_assert(sizeof(RectSpans) == 8 * sizeof(uint64_t), "the spans are eight 8-byte words");
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the words pack the 4- and 2-byte fields low first");

/// Packs `low` and `high` lane by lane into words, `low` in the low half.
static inline SpanWordLanes span_word(IndexLanes low, IndexLanes high) {
    return (SpanWordLanes)__builtin_shufflevector(low, high, SPAN_PAIRS);
}

/// Stores the spans of the first `lanes` rectangles, from their eight words, to `out`: the
/// words are transposed in registers into whole records (three rounds of interleaving) and
/// stored as one block.
static inline void store_spans(const SpanWordLanes words[8], int lanes, RectSpans *out) {
    const SpanPairLanes pair0 = __builtin_shufflevector(words[0], words[1], SPAN_PAIRS);
    const SpanPairLanes pair1 = __builtin_shufflevector(words[2], words[3], SPAN_PAIRS);
    const SpanPairLanes pair2 = __builtin_shufflevector(words[4], words[5], SPAN_PAIRS);
    const SpanPairLanes pair3 = __builtin_shufflevector(words[6], words[7], SPAN_PAIRS);
    const SpanQuadLanes quad0 = __builtin_shufflevector(pair0, pair1, SPAN_QUADS);
    const SpanQuadLanes quad1 = __builtin_shufflevector(pair2, pair3, SPAN_QUADS);
    const SpanRecordLanes records = __builtin_shufflevector(quad0, quad1, SPAN_RECORDS);
    if (lanes == LANES) {
        *(SpanRecordStore *)out = records;  // vector stores (a copy this long would call the library)
    } else {
        __builtin_memcpy(out, &records, sizeof(RectSpans) * (size_t)lanes);
    }
}

#ifndef LANE_BAND_LIMIT
/// The most bands whose rectangles `rect_batch_prepare` counts lane by lane (68 bands of
/// 32 rows cover a 2160-row canvas).
#define LANE_BAND_LIMIT 128
#endif

ptrdiff_t KERNEL(rect_batch_prepare)(RectColumns c, ptrdiff_t first, ptrdiff_t count, ptrdiff_t width,
                                         ptrdiff_t height, ptrdiff_t rowsPerBand, RectSpans *spans,
                                         uint32_t *bandRanges, ptrdiff_t *bandCounts, int32_t *bounds) {
    ptrdiff_t valid = 0;
    // The columns and rows the filled rectangles may touch, lane by lane.
    IndexLanes minX = (int32_t)width, minY = (int32_t)height, endX = 0, endY = 0;
    // Band numbers by a multiply instead of a division when rows and bands are below 2^16
    // (always, within `RenderLimits.maxDimension`).
    // One row per band needs no division, and every other reciprocal fits 32 bits.
    const int smallRows = height < 65536 && rowsPerBand < 65536;
    const int byReciprocal = smallRows && rowsPerBand > 1;
    const uint32_t reciprocal =
        byReciprocal ? (uint32_t)((((uint64_t)1 << 32) + (uint64_t)rowsPerBand - 1) / (uint64_t)rowsPerBand) : 0;
    IndexLanes validLanes = 0;
    // When the bands fit, each lane counts them in its own row of `laneBandCounts`, which has a
    // spare slot past the last band, and the rows are summed at the end. A rectangle's first
    // two bands are then counted without a branch: whether it meets one band or two follows its
    // height, which the processor cannot predict. Separate rows also keep an increment from
    // waiting for the one before, as neighbouring rectangles mostly meet the same band.
    const ptrdiff_t bands = (height + rowsPerBand - 1) / rowsPerBand;
    const int byLane = bands <= LANE_BAND_LIMIT && count <= UINT16_MAX;
    uint16_t laneBandCounts[LANES][LANE_BAND_LIMIT + 1];
    if (byLane) __builtin_memset(laneBandCounts, 0, sizeof laneBandCounts);
#if LANES >= 8
    // The gathers of `load_rect_fields` do not lead every processor to fetch the rows ahead
    // (AMD's Zen 4 waited on the first gather of each group, a quarter of this kernel's time):
    // rows of records up to 128 bytes long, as the renderer's 48-byte `ParticleRenderState`
    // is, are fetched whole, `PREFETCH_ROWS` rows ahead, from the first field's column.
    const ptrdiff_t prefetchBytes = c.centerStride > 0 && c.centerStride <= 128 ? LANES * c.centerStride : 0;
#endif
    for (ptrdiff_t k = first; k < first + count; k += LANES) {
        int lanes = first + count - k < LANES ? (int)(first + count - k) : LANES;
#if LANES >= 8
        if (k + PREFETCH_ROWS + LANES <= first + count) {
            const char *ahead = (const char *)c.center + (k + PREFETCH_ROWS) * c.centerStride;
            for (ptrdiff_t line = 0; line < prefetchBytes; line += 64) __builtin_prefetch(ahead + line);
        }
#endif
        const RectFieldLanes fields = load_rect_fields(c, k, lanes);
        const Lanes vcx = fields.centerX, vcy = fields.centerY, vsx = fields.sizeX, vsy = fields.sizeY;
        const Lanes vrotation = fields.rotation, vr = fields.red, vg = fields.green, vb = fields.blue;
        const Lanes va = fields.alpha, vopacity = fields.opacity;
        float rotation[LANES], cosine[LANES], sine[LANES];
        __builtin_memcpy(rotation, &vrotation, sizeof rotation);
        for (int lane = 0; lane < LANES; lane++) sine_cosine(rotation[lane], &sine[lane], &cosine[lane]);
        Lanes vcos, vsin;
        __builtin_memcpy(&vcos, cosine, sizeof vcos);
        __builtin_memcpy(&vsin, sine, sizeof vsin);

        // `RGBA8Canvas.isValid` and a finite rotation.
        const float maxCoordinate = 10000000.0f, maxFinite = 3.40282347e38f;
        Mask isValid = within(vrotation, maxFinite) & within(vcx, maxCoordinate) & within(vcy, maxCoordinate)
            & (vsx >= 0.0f) & (vsy >= 0.0f) & within(vsx, maxCoordinate) & within(vsy, maxCoordinate)
            & within(vr, maxFinite) & within(vg, maxFinite) & within(vb, maxFinite) & within(va, maxFinite)
            & within(vopacity, maxFinite);

        // `PixelSource`: premultiplied, rounded to nearest.
        Lanes alpha = unit_lanes(va) * unit_lanes(vopacity);
        IndexLanes alpha8 = __builtin_convertvector(alpha * 255.0f + 0.5f, IndexLanes);
        IndexLanes pixel = channel_lanes(vr, alpha) | channel_lanes(vg, alpha) << 8 | channel_lanes(vb, alpha) << 16
            | alpha8 << 24;

        // `rect_spans`: the rows, then the interval ends on the first row.
        Lanes hx = vsx * 0.5f, hy = vsy * 0.5f;
        Lanes absCos = magnitude(vcos), absSin = magnitude(vsin);
        Lanes extentX = absCos * hx + absSin * hy;
        Lanes extentY = absSin * hx + absCos * hy;
        IndexLanes y0 = centre_row(fixed_product(vcy - extentY), (int32_t)height);
        IndexLanes y1 = centre_row(fixed_product(vcy + extentY), (int32_t)height);
        Mask fills = isValid & (alpha8 > 0) & (y0 < y1) & (vcx + extentX > 0.0f) & (vcx - extentX < (float)width);
        const float nearlyZero = 1e-6f, unbounded = 1e30f;
        Mask cosSmall = absCos < nearlyZero, sinSmall = absSin < nearlyZero;
        Lanes inverseCos = select_lanes(cosSmall, (Lanes)0.0f, 1.0f / vcos);
        Lanes inverseSin = select_lanes(sinSmall, (Lanes)0.0f, 1.0f / vsin);
        Lanes slopeU = -vsin * inverseCos;
        Lanes halfU = select_lanes(cosSmall, (Lanes)unbounded, hx * magnitude(inverseCos));
        Lanes slopeV = vcos * inverseSin;
        Lanes halfV = select_lanes(sinSmall, (Lanes)unbounded, hy * magnitude(inverseSin));
        Lanes dy = __builtin_convertvector(y0, Lanes) + 0.5f - vcy;
        Lanes midU = vcx + slopeU * dy;
        Lanes midV = vcx + slopeV * dy;
        Lanes products[6] = {
            fixed_product(midU - halfU), fixed_product(midU + halfU), fixed_product(midV - halfV),
            fixed_product(midV + halfV), fixed_product(slopeU), fixed_product(slopeV),
        };
        IndexLanes insideWidth = inside_width_lanes(products, y1 - y0 - 1, width);
        validLanes -= isValid;

        // The 64-bit ends, biased, and the steps.
        Mask small = (Mask)-1;
        for (int end = 0; end < 6; end++) small &= magnitude(products[end]) < 2147483648.0f;
        const int fits = __builtin_reduce_and(small) != 0;
        const int64_t bias = 65535 - 32768;
        const IndexLanes inverseAlpha = 255 - alpha8;
        SpanWordLanes words[8];
        words[0] = span_word(y0, y1);  // top, bottom
        for (int end = 0; end < 6; end++) {
            words[1 + end] = (SpanWordLanes)(wide_fixed(products[end], fits) + (end < 4 ? bias : 0));
        }
        words[7] = span_word(pixel, inverseAlpha | insideWidth << 16);  // pixel, inverseAlpha, insideWidth
        store_spans(words, lanes, spans + k);

        // The bands each rectangle meets; none for one that fills nothing.
        IndexLanes firstBand, endBand;
        if (byReciprocal) {
            firstBand = quotient_lanes(y0, reciprocal);
            endBand = quotient_lanes(y1 - 1, reciprocal) + 1;
        } else if (smallRows) {
            firstBand = y0;
            endBand = y1;
        } else {
            for (int lane = 0; lane < LANES; lane++) {
                firstBand[lane] = (int32_t)(y0[lane] / rowsPerBand);
                endBand[lane] = (int32_t)((y1[lane] - 1) / rowsPerBand + 1);
            }
        }
        firstBand &= fills;
        endBand &= fills;

        // A pixel is filled when its centre lies inside, so the columns lie within the
        // horizontal extent; the margin of 4 pixels covers the float error of the extent
        // against the spans' fixed-point ends (below 2 pixels within `RenderLimits.maxCoordinate`).
        const Lanes widthLanes = (float)width;
        const IndexLanes left = __builtin_convertvector(
            max_lanes(min_lanes(vcx - extentX - 4.0f, widthLanes), (Lanes)0.0f), IndexLanes);
        const IndexLanes right = __builtin_convertvector(
            max_lanes(min_lanes(vcx + extentX + 5.0f, widthLanes), (Lanes)0.0f), IndexLanes);
        minX = select_indices(fills & (left < minX), left, minX);
        endX = select_indices(fills & (right > endX), right, endX);
        minY = select_indices(fills & (y0 < minY), y0, minY);
        endY = select_indices(fills & (y1 > endY), y1, endY);
        const PixelLanes ranges = (PixelLanes)firstBand | (PixelLanes)endBand << 16;
        if (lanes == LANES) {
            __builtin_memcpy(bandRanges + k, &ranges, sizeof ranges);
        } else {
            __builtin_memcpy(bandRanges + k, &ranges, sizeof(uint32_t) * (size_t)lanes);
        }

        // The band counts, from the bands as arrays: reading a vector's lane at a varying index
        // would store the whole vector again for every lane.
        int32_t firstBands[LANES], endBands[LANES];
        __builtin_memcpy(firstBands, &firstBand, sizeof firstBands);
        __builtin_memcpy(endBands, &endBand, sizeof endBands);
        for (int lane = 0; lane < lanes; lane++) {
            // Plain loops for the bands past the first two: a rectangle rarely meets more.
            if (byLane) {
                const int32_t firstBand = firstBands[lane], endBand = endBands[lane];
                laneBandCounts[lane][firstBand] += endBand > firstBand;
                laneBandCounts[lane][firstBand + 1] += endBand > firstBand + 1;
#pragma clang loop vectorize(disable) unroll(disable)
                for (int32_t band = firstBand + 2; band < endBand; band++) laneBandCounts[lane][band]++;
            } else {
#pragma clang loop vectorize(disable) unroll(disable)
                for (int32_t band = firstBands[lane]; band < endBands[lane]; band++) bandCounts[band]++;
            }
        }
    }
    if (byLane) {
        for (ptrdiff_t band = 0; band < bands; band++) {
            for (int lane = 0; lane < LANES; lane++) bandCounts[band] += laneBandCounts[lane][band];
        }
    }
    for (int lane = 0; lane < LANES; lane++) {
        valid += validLanes[lane];
        if (minX[lane] < bounds[0]) bounds[0] = minX[lane];
        if (minY[lane] < bounds[1]) bounds[1] = minY[lane];
        if (endX[lane] > bounds[2]) bounds[2] = endX[lane];
        if (endY[lane] > bounds[3]) bounds[3] = endY[lane];
    }
    return valid;
}

#pragma clang diagnostic pop
