// The confetti step and render kernels over `LANES`-wide vectors. Included once per
// instruction set by a file that defines `LANES` (4 or 8) and `KERNEL(name)`, the name of
// that file's copy of a public kernel, and may define `BLOCK_LANES` (16, with AVX-512), the
// pixels the fill blends per block; it is `LANES` otherwise.
//
// Every operation works lane by lane in `float`, in the order the formulas state, and
// floating-point contraction is off, so each row's result has the same bits at any width and on
// any instruction set: only the number of rows per instruction changes.

#include "ConfettiKernels.h"
#include "ConfettiRectInsideWidth.h"

#include <math.h>
#if LANES == 8
#include <immintrin.h>
#endif

#pragma clang fp contract(off)

typedef float Lanes __attribute__((ext_vector_type(LANES)));
typedef int32_t Mask __attribute__((ext_vector_type(LANES)));
typedef float PairLanes __attribute__((ext_vector_type(2 * LANES)));
/// A `PairLanes` seen as one 8-byte lane per row, to move a row's pair as one value.
typedef double RowLanes __attribute__((ext_vector_type(LANES)));

// Lanes hold rows in "lane order", the order in which splitting `(x, y)` pairs into `x` and
// `y` lanes is cheapest: AVX2 shuffles within 128-bit halves, so its 8 lanes hold rows
// 0, 1, 4, 5, 2, 3, 6, 7. Columns of single floats are put in the same order when loaded and
// back when stored (`LANE_ORDER` is its own inverse). No result depends on it: every operation
// is lane by lane.
#if LANES == 4
#define LANE_ORDER 0, 1, 2, 3
#define EVEN_LANES 0, 2, 4, 6
#define ODD_LANES 1, 3, 5, 7
#define ZIPPED_LANES 0, 4, 1, 5, 2, 6, 3, 7
#elif LANES == 8
#define LANE_ORDER 0, 1, 4, 5, 2, 3, 6, 7
#define EVEN_LANES 0, 2, 8, 10, 4, 6, 12, 14
#define ODD_LANES 1, 3, 9, 11, 5, 7, 13, 15
#define ZIPPED_LANES 0, 8, 1, 9, 4, 12, 5, 13, 2, 10, 3, 11, 6, 14, 7, 15
#else
#error "LANES must be 4 or 8"
#endif

#ifndef BLOCK_LANES
#define BLOCK_LANES LANES
#endif
#if BLOCK_LANES != LANES && !(LANES == 8 && BLOCK_LANES == 16)
#error "BLOCK_LANES must be LANES, or 16 with 8 LANES"
#endif

/// `LANES` consecutive floats from `p`, in lane order.
static inline Lanes load_lanes(const float *p) {
    Lanes v;
    __builtin_memcpy(&v, p, sizeof v);
    return __builtin_shufflevector(v, v, LANE_ORDER);
}

/// Stores lanes `v` as `LANES` consecutive floats at `p`.
static inline void store_lanes(float *p, Lanes v) {
    v = __builtin_shufflevector(v, v, LANE_ORDER);
    __builtin_memcpy(p, &v, sizeof v);
}

/// The `x` and `y` lanes of `LANES` consecutive `(x, y)` pairs at `p`, in lane order.
static inline void load_pairs(const float *p, Lanes *x, Lanes *y) {
    PairLanes v;
    __builtin_memcpy(&v, p, sizeof v);
    *x = __builtin_shufflevector(v, v, EVEN_LANES);
    *y = __builtin_shufflevector(v, v, ODD_LANES);
}

/// The pairs `(x[i], y[i])` of lanes `x` and `y` as they lie in memory, in row order. (A macro:
/// a function returning the `2 * LANES` vector would change ABI between instruction sets.)
#define ZIP_PAIRS(x, y) __builtin_shufflevector((x), (y), ZIPPED_LANES)

/// Stores lanes `x` and `y` as `LANES` consecutive `(x, y)` pairs at `p`.
static inline void store_pairs(float *p, Lanes x, Lanes y) {
    PairLanes v = ZIP_PAIRS(x, y);
    __builtin_memcpy(p, &v, sizeof v);
}

/// `whenTrue` in the lanes set in `mask`, `whenFalse` elsewhere.
static inline Lanes select_lanes(Mask mask, Lanes whenTrue, Lanes whenFalse) {
    return (Lanes)(((Mask)whenTrue & mask) | ((Mask)whenFalse & ~mask));
}

/// `|x|` lane by lane.
static inline Lanes magnitude(Lanes x) { return (Lanes)((Mask)x & 0x7FFFFFFF); }

// MARK: - Step

/// One step's inputs and outputs of `LANES` rows.
typedef struct {
    Lanes positionX, positionY, velocityX, velocityY, rotationX, rotationY, opacity;
    Lanes spinX, spinY, windForce, phaseCos, phaseSin;
} StepLanes;

/// Loads `LANES` rows from `c` and their wind phase offsets.
static inline StepLanes load_step_lanes(ConfettiStepColumns c, const float *phaseCos, const float *phaseSin) {
    StepLanes g;
    load_pairs(c.position, &g.positionX, &g.positionY);
    load_pairs(c.velocity, &g.velocityX, &g.velocityY);
    load_pairs(c.rotation, &g.rotationX, &g.rotationY);
    load_pairs(c.spin, &g.spinX, &g.spinY);
    g.opacity = load_lanes(c.opacity);
    g.windForce = load_lanes(c.windForce);
    g.phaseCos = load_lanes(phaseCos);
    g.phaseSin = load_lanes(phaseSin);
    return g;
}

/// Stores the state the step changes of `LANES` rows to `c`.
static inline void store_step_lanes(ConfettiStepColumns c, const StepLanes *g) {
    store_pairs(c.position, g->positionX, g->positionY);
    store_pairs(c.velocity, g->velocityX, g->velocityY);
    store_pairs(c.rotation, g->rotationX, g->rotationY);
    store_lanes(c.opacity, g->opacity);
}

/// The columns `rows` rows further on.
static inline ConfettiStepColumns advance_step_columns(ConfettiStepColumns c, ptrdiff_t rows) {
    c.position += 2 * rows;
    c.velocity += 2 * rows;
    c.rotation += 2 * rows;
    c.opacity += rows;
    c.spin += 2 * rows;
    c.windForce += rows;
    return c;
}

/// A step's constants in every lane, loaded once per call: the kernels' stores go through
/// `float` pointers, which could alias the constants if they were read from memory each time.
typedef struct {
    Lanes deltaTime, gravityImpulse, drag, terminalVelocity, boundsMinX, boundsMinY, boundsMaxX, boundsMaxY;
    Lanes windBaseSin, windBaseCos, fadeOpacity;
    int isFading;
} StepSplats;

/// `k` in every lane.
static inline StepSplats splat_constants(const ConfettiStepConstants *k) {
    StepSplats s;
    s.deltaTime = (Lanes)k->deltaTime;
    s.gravityImpulse = (Lanes)k->gravityImpulse;
    s.drag = (Lanes)k->drag;
    s.terminalVelocity = (Lanes)k->terminalVelocity;
    s.boundsMinX = (Lanes)k->boundsMinX;
    s.boundsMinY = (Lanes)k->boundsMinY;
    s.boundsMaxX = (Lanes)k->boundsMaxX;
    s.boundsMaxY = (Lanes)k->boundsMaxY;
    s.windBaseSin = (Lanes)k->windBaseSin;
    s.windBaseCos = (Lanes)k->windBaseCos;
    s.fadeOpacity = (Lanes)k->fadeOpacity;
    s.isFading = k->isFading != 0;
    return s;
}

/// The physics step of `LANES` rows, in the order `ConfettiStepKernel` documents.
static inline void step_lanes(StepLanes *g, const StepSplats *k) {
    const Lanes dt = k->deltaTime;
    Lanes phase = k->windBaseSin * g->phaseCos + k->windBaseCos * g->phaseSin;
    Lanes w = phase * g->windForce;
    Lanes vx = g->velocityX;
    Lanes vy = g->velocityY + k->gravityImpulse;
    vx += w * dt;
    vx *= k->drag;
    vy *= k->drag;
    vy = select_lanes(vy > k->terminalVelocity, k->terminalVelocity, vy);
    Lanes px = g->positionX + vx * dt;
    Lanes py = g->positionY + vy * dt;
    Mask inside = (px >= k->boundsMinX) & (px < k->boundsMaxX) & (py >= k->boundsMinY) & (py < k->boundsMaxY);
    Lanes fallExcess = magnitude(vy) - 10.0f;
    Lanes fallBoost = select_lanes(fallExcess < 0.0f, (Lanes)0.0f, fallExcess);
    Lanes speedX = g->spinX + vy * 0.01f + w * 0.05f + fallBoost * 0.0005f;
    Lanes speedY = g->spinY + vx * 0.008f + w * 0.03f + fallBoost * 0.0003f;
    g->velocityX = vx;
    g->velocityY = vy;
    g->positionX = px;
    g->positionY = py;
    g->rotationX += speedX * dt;
    g->rotationY += speedY * dt;
    Lanes kept = k->isFading ? k->fadeOpacity : g->opacity;
    g->opacity = select_lanes(inside, kept, (Lanes)0.0f);
}

/// Steps the last `lanes` (< `LANES`) rows through zero-padded lanes.
static ptrdiff_t step_tail(ConfettiStepColumns c, int lanes, const float *phaseCos, const float *phaseSin,
                           const StepSplats *k) {
    float position[2 * LANES] = {0}, velocity[2 * LANES] = {0}, rotation[2 * LANES] = {0}, spin[2 * LANES] = {0};
    float opacity[LANES] = {0}, windForce[LANES] = {0}, cosines[LANES] = {0}, sines[LANES] = {0};
    size_t pairBytes = 2 * sizeof(float) * (size_t)lanes, bytes = sizeof(float) * (size_t)lanes;
    __builtin_memcpy(position, c.position, pairBytes);
    __builtin_memcpy(velocity, c.velocity, pairBytes);
    __builtin_memcpy(rotation, c.rotation, pairBytes);
    __builtin_memcpy(spin, c.spin, pairBytes);
    __builtin_memcpy(opacity, c.opacity, bytes);
    __builtin_memcpy(windForce, c.windForce, bytes);
    __builtin_memcpy(cosines, phaseCos, bytes);
    __builtin_memcpy(sines, phaseSin, bytes);
    ConfettiStepColumns padded = {position, velocity, rotation, opacity, spin, windForce};
    StepLanes g = load_step_lanes(padded, cosines, sines);
    step_lanes(&g, k);
    store_step_lanes(padded, &g);
    __builtin_memcpy(c.position, position, pairBytes);
    __builtin_memcpy(c.velocity, velocity, pairBytes);
    __builtin_memcpy(c.rotation, rotation, pairBytes);
    __builtin_memcpy(c.opacity, opacity, bytes);
    ptrdiff_t dead = 0;
    for (int row = 0; row < lanes; row++) dead += !(opacity[row] > 0.0f);
    return dead;
}

ptrdiff_t KERNEL(confetti_step_rows)(ConfettiStepColumns c, ptrdiff_t count, const float *phaseCos,
                                     const float *phaseSin, const ConfettiStepConstants *constants) {
    const StepSplats splats = splat_constants(constants);
    const StepSplats *k = &splats;
    Mask dead = 0;
    ptrdiff_t row = 0;
    for (; row + LANES <= count; row += LANES) {
        StepLanes g = load_step_lanes(c, phaseCos + row, phaseSin + row);
        step_lanes(&g, k);
        store_step_lanes(c, &g);
        dead -= ~(g.opacity > 0.0f);
        c = advance_step_columns(c, LANES);
    }
    ptrdiff_t total = 0;
    for (int lane = 0; lane < LANES; lane++) total += dead[lane];
    if (row < count) total += step_tail(c, (int)(count - row), phaseCos + row, phaseSin + row, k);
    return total;
}

// MARK: - Render

// Single-precision sine and absolute cosine without branches. The argument is reduced by π:
// `x = k·π + r` with `r` in `[-π/2, π/2]` (two-part Cody–Waite constants; `k·piA` is exact for
// `|k| < 2¹²`). `k` comes from the `1.5·2²³` rounding trick, whose bit pattern also holds the
// parity of `k`, so no rounding instruction or integer conversion is needed. Then
// `|cos x| = |cos r|` and `sin x = (-1)^k·sin r`, with minimax polynomials on `[-π/2, π/2]`
// (degree 9 for the sine, 10 for the cosine). Against double-precision `sin` and `cos` of the
// same `float` argument the absolute error is below `2.5e-7` for `|x| <= 100` and below `1e-6`
// for `|x| <= 10000` (checked by the tests). Arguments must satisfy `|x| < 2²²`.

/// `x = k·π + r` with `r` in `[-π/2, π/2]`; the parity of `k` is bit 0 of `*oddK`'s lanes.
static inline Lanes reduced_by_pi(Lanes x, Mask *oddK) {
    Lanes shifted = x * 0x1.45f306p-2f + 0x1.8p+23f;  // x/π + 1.5·2²³ rounds x/π to an integer
    Lanes k = shifted - 0x1.8p+23f;
    *oddK = (Mask)shifted;
    return (x - k * 0x1.922p+1f) - k * -0x1.2aeef4p-17f;  // two-part π
}

/// `|cos r|` from `r2 = r²` for `r` in `[-π/2, π/2]`.
static inline Lanes abs_cos_reduced(Lanes r2) {
    Lanes poly = 0x1.55555p-5f + r2 * (-0x1.6c14a4p-10f + r2 * (0x1.9f8fp-16f + r2 * -0x1.193c58p-22f));
    return magnitude(1.0f - 0.5f * r2 + r2 * r2 * poly);
}

/// `sin x` and `|cos x|`.
static inline void sin_abs_cos(Lanes x, Lanes *sinX, Lanes *absCosX) {
    Mask oddK;
    Lanes r = reduced_by_pi(x, &oddK);
    Lanes r2 = r * r;
    Lanes poly = -0x1.555548p-3f + r2 * (0x1.110e66p-7f + r2 * (-0x1.9f5f7ep-13f + r2 * 0x1.5cf28ep-19f));
    Lanes sinR = r + r * r2 * poly;
    *sinX = (Lanes)((Mask)sinR ^ (oddK << 31));
    *absCosX = abs_cos_reduced(r2);
}

/// `|cos x|`.
static inline Lanes abs_cos(Lanes x) {
    Mask oddK;
    Lanes r = reduced_by_pi(x, &oddK);
    return abs_cos_reduced(r * r);
}

/// The render inputs of `LANES` rows.
typedef struct {
    Lanes rotationX, rotationY, opacity;
    PairLanes size, position;
} RenderLanes;

/// Loads `LANES` rows from `c`.
static inline RenderLanes load_render_lanes(ConfettiRenderColumns c) {
    RenderLanes g;
    load_pairs(c.rotation, &g.rotationX, &g.rotationY);
    g.opacity = load_lanes(c.opacity);
    __builtin_memcpy(&g.size, c.size, sizeof g.size);
    __builtin_memcpy(&g.position, c.position, sizeof g.position);
    return g;
}

/// Shades `g` and writes the render fields of its first `lanes` rows to `records`.
static inline void render_lanes(const RenderLanes *g, int lanes, ConfettiRenderRecord *records) {
    Lanes sinX, absCosX;
    sin_abs_cos(g->rotationX, &sinX, &absCosX);
    Lanes depth = 0.5f + 0.5f * abs_cos(g->rotationY);
    Lanes shaded = g->opacity * (0x1.666666p-1f + 0x1.333334p-2f * absCosX);  // 0.7 + 0.3·|cos|
    Lanes nonNegative = select_lanes(shaded < 0.0f, (Lanes)0.0f, shaded);
    Lanes clamped = select_lanes(nonNegative > 1.0f, (Lanes)1.0f, nonNegative);
    RowLanes center = (RowLanes)g->position;
    RowLanes drawnSize = (RowLanes)(g->size * ZIP_PAIRS(depth, depth));
    RowLanes looks = (RowLanes)ZIP_PAIRS(clamped, sinX * 0x1.333334p-2f);  // zRotation = sin·0.3
    for (int lane = 0; lane < lanes; lane++) {
        // `center` with `size`, and `opacity` with `zRotation`, each as one store.
        char *record = (char *)&records[lane];
        double rect[2] = {center[lane], drawnSize[lane]};
        double pair = looks[lane];
        __builtin_memcpy(record + offsetof(ConfettiRenderRecord, center), rect, sizeof rect);
        __builtin_memcpy(record + offsetof(ConfettiRenderRecord, opacity), &pair, sizeof pair);
    }
}

void KERNEL(confetti_render_rows)(ConfettiRenderColumns c, ptrdiff_t count, ConfettiRenderRecord *records) {
    ptrdiff_t row = 0;
    for (; row + LANES <= count; row += LANES) {
        RenderLanes g = load_render_lanes(c);
        render_lanes(&g, LANES, records + row);
        c.size += 2 * LANES;
        c.position += 2 * LANES;
        c.rotation += 2 * LANES;
        c.opacity += LANES;
    }
    if (row < count) {
        int lanes = (int)(count - row);
        float size[2 * LANES] = {0}, position[2 * LANES] = {0}, rotation[2 * LANES] = {0}, opacity[LANES] = {0};
        __builtin_memcpy(size, c.size, 2 * sizeof(float) * (size_t)lanes);
        __builtin_memcpy(position, c.position, 2 * sizeof(float) * (size_t)lanes);
        __builtin_memcpy(rotation, c.rotation, 2 * sizeof(float) * (size_t)lanes);
        __builtin_memcpy(opacity, c.opacity, sizeof(float) * (size_t)lanes);
        ConfettiRenderColumns padded = {size, position, rotation, opacity};
        RenderLanes g = load_render_lanes(padded);
        render_lanes(&g, lanes, records + row);
    }
}

// MARK: - Step and render

/// Steps the `LANES` rows at `c` and writes the render fields of the first `lanes` of them to
/// `records`, from the stepped lanes as `confetti_render_rows` would read them back; returns
/// the rows alive (opacity above 0) afterwards.
static inline Mask step_render_group(ConfettiStepColumns c, const float *size, const float *phaseCos,
                                     const float *phaseSin, const StepSplats *k, int lanes,
                                     ConfettiRenderRecord *records) {
    StepLanes g = load_step_lanes(c, phaseCos, phaseSin);
    step_lanes(&g, k);
    store_step_lanes(c, &g);
    RenderLanes r;
    r.rotationX = g.rotationX;
    r.rotationY = g.rotationY;
    r.opacity = g.opacity;
    r.position = ZIP_PAIRS(g.positionX, g.positionY);
    __builtin_memcpy(&r.size, size, sizeof r.size);
    render_lanes(&r, lanes, records);
    return g.opacity > 0.0f;
}

ptrdiff_t KERNEL(confetti_step_render_rows)(ConfettiStepColumns c, const float *size, ptrdiff_t count,
                                            const float *phaseCos, const float *phaseSin,
                                            const ConfettiStepConstants *constants, ConfettiRenderRecord *records) {
    const StepSplats splats = splat_constants(constants);
    Mask dead = 0;
    ptrdiff_t row = 0;
    for (; row + LANES <= count; row += LANES) {
        dead -= ~step_render_group(c, size, phaseCos + row, phaseSin + row, &splats, LANES, records + row);
        c = advance_step_columns(c, LANES);
        size += 2 * LANES;
    }
    ptrdiff_t total = 0;
    for (int lane = 0; lane < LANES; lane++) total += dead[lane];
    if (row < count) {
        int lanes = (int)(count - row);
        float position[2 * LANES] = {0}, velocity[2 * LANES] = {0}, rotation[2 * LANES] = {0}, spin[2 * LANES] = {0};
        float sizes[2 * LANES] = {0}, opacity[LANES] = {0}, windForce[LANES] = {0}, cosines[LANES] = {0},
              sines[LANES] = {0};
        size_t pairBytes = 2 * sizeof(float) * (size_t)lanes, bytes = sizeof(float) * (size_t)lanes;
        __builtin_memcpy(position, c.position, pairBytes);
        __builtin_memcpy(velocity, c.velocity, pairBytes);
        __builtin_memcpy(rotation, c.rotation, pairBytes);
        __builtin_memcpy(spin, c.spin, pairBytes);
        __builtin_memcpy(sizes, size, pairBytes);
        __builtin_memcpy(opacity, c.opacity, bytes);
        __builtin_memcpy(windForce, c.windForce, bytes);
        __builtin_memcpy(cosines, phaseCos + row, bytes);
        __builtin_memcpy(sines, phaseSin + row, bytes);
        ConfettiStepColumns padded = {position, velocity, rotation, opacity, spin, windForce};
        step_render_group(padded, sizes, cosines, sines, &splats, lanes, records + row);
        __builtin_memcpy(c.position, position, pairBytes);
        __builtin_memcpy(c.velocity, velocity, pairBytes);
        __builtin_memcpy(c.rotation, rotation, pairBytes);
        __builtin_memcpy(c.opacity, opacity, bytes);
        for (int lane = 0; lane < lanes; lane++) total += !(opacity[lane] > 0.0f);
    }
    return total;
}

// MARK: - Fill

typedef uint32_t PixelLanes __attribute__((ext_vector_type(LANES)));
typedef int32_t IndexLanes __attribute__((ext_vector_type(LANES)));
/// One block of `BLOCK_LANES` packed pixels, the unit the fill blends at once.
typedef uint32_t BlockPixels __attribute__((ext_vector_type(BLOCK_LANES)));
/// Pixel positions (or lane masks) of one block.
typedef int32_t BlockIndices __attribute__((ext_vector_type(BLOCK_LANES)));
typedef uint16_t ChannelPairLanes __attribute__((ext_vector_type(2 * BLOCK_LANES)));

/// A rectangle's colour as the blend takes it, in every 32-bit lane: its `multiplier` for
/// `inverseAlpha` (`blend_multiplier`) in each 16-bit half, and each channel of the packed
/// premultiplied pixel in the high byte of a 16-bit half over the rounding term 128 in the low
/// byte, red and blue (`redBlue`) apart from green and alpha (`greenAlpha`).
typedef struct {
    ChannelPairLanes multiplier, redBlue, greenAlpha;
} BlendSource;

/// The 16-bit multiplier for which `((((channel << 8) * multiplier) >> 16) + 128) >> 8` equals
/// `round(channel * inverseAlpha / 255)` (that is `((channel * inverseAlpha + 128) * 257) >> 16`)
/// for every `channel` and `inverseAlpha` in `0...255`: `inverseAlpha * 257`, plus one from 128
/// on, at most 65 535. No constant correction works for every `inverseAlpha`; this one is
/// checked exhaustively by the tests, through the fill kernel on every instruction set.
/// Computed in every 16-bit lane at once: `inverseAlpha` is first capped at 255 (which changes
/// no result, as every value from 255 on gives the cap), so `* 257` fits 16 bits and the
/// saturating add caps the sum.
static inline ChannelPairLanes blend_multiplier(uint32_t inverseAlpha) {
    const ChannelPairLanes capped = (uint16_t)(inverseAlpha < 255 ? inverseAlpha : 255);
    return __builtin_elementwise_add_sat(capped * 257, capped >> 7);
}

/// The blend constants of `pixel` (premultiplied) over a destination that shows through by
/// `inverseAlpha / 255`.
static inline BlendSource blend_source(uint32_t pixel, uint32_t inverseAlpha) {
    const BlockPixels lanes = pixel;
    const BlockPixels redBlue = (lanes & 0x00FF00FF) << 8 | 0x00800080;
    const BlockPixels greenAlpha = (lanes & 0xFF00FF00) | 0x00800080;
    BlendSource source;
    source.multiplier = blend_multiplier(inverseAlpha);
    __builtin_memcpy(&source.redBlue, &redBlue, sizeof redBlue);
    __builtin_memcpy(&source.greenAlpha, &greenAlpha, sizeof greenAlpha);
    return source;
}

/// The high half of `a * b` per 16-bit lane: one `pmulhuw` on x86 (the compiler does not find
/// it in the widened form when neither factor is a constant).
static inline ChannelPairLanes high_product(ChannelPairLanes a, ChannelPairLanes b) {
#if BLOCK_LANES == 16
    typedef short Words __attribute__((vector_size(64)));
    return (ChannelPairLanes)__builtin_ia32_pmulhuw512((Words)a, (Words)b);
#elif BLOCK_LANES == 8
    typedef short Words __attribute__((vector_size(32)));
    return (ChannelPairLanes)__builtin_ia32_pmulhuw256((Words)a, (Words)b);
#elif defined(__SSE2__)
    typedef short Words __attribute__((vector_size(16)));
    return (ChannelPairLanes)__builtin_ia32_pmulhuw128((Words)a, (Words)b);
#else
    typedef uint32_t WideLanes __attribute__((ext_vector_type(2 * BLOCK_LANES)));
    return __builtin_convertvector(
        (__builtin_convertvector(a, WideLanes) * __builtin_convertvector(b, WideLanes)) >> 16, ChannelPairLanes);
#endif
}

/// Source-over of `BLOCK_LANES` packed pixels: `pixel + round(channel * inverseAlpha / 255)` per
/// byte. Each channel goes to the high byte of a 16-bit half (its low byte 0), so one high-half
/// multiply by `blend_multiplier` and the rounding shift give the scaled channel; the source
/// channel rides in the same add as the rounding term. No byte overflows when a premultiplied
/// channel is at most its alpha, and otherwise each byte wraps as a byte add would: the high
/// half of the product plus 128 stays below 65 536, so the add carries only out of the 16-bit
/// half, where it is dropped.
static inline BlockPixels blend_lanes(BlockPixels destination, const BlendSource *source) {
    ChannelPairLanes redBlue, greenAlpha;
    const BlockPixels greenAlphaBytes = destination & 0xFF00FF00;
    __builtin_memcpy(&redBlue, &destination, sizeof redBlue);
    __builtin_memcpy(&greenAlpha, &greenAlphaBytes, sizeof greenAlpha);
    redBlue = (high_product(redBlue << 8, source->multiplier) + source->redBlue) >> 8;
    greenAlpha = (high_product(greenAlpha, source->multiplier) + source->greenAlpha) & 0xFF00;
    const ChannelPairLanes blended = redBlue | greenAlpha;
    BlockPixels result;
    __builtin_memcpy(&result, &blended, sizeof result);
    return result;
}

/// The same blend on one pixel.
static inline uint32_t blend_pixel(uint32_t destination, uint32_t pixel, uint32_t inverseAlpha) {
    uint32_t result = 0;
    for (int byte = 0; byte < 4; byte++) {
        uint32_t t = (destination >> (8 * byte) & 0xFF) * inverseAlpha + 128;
        result |= ((t * 257) >> 16) << (8 * byte);
    }
    return result + pixel;
}

/// `whenTrue` in the lanes set in `mask`, `whenFalse` elsewhere.
static inline IndexLanes select_indices(Mask mask, IndexLanes whenTrue, IndexLanes whenFalse) {
    return (whenTrue & mask) | (whenFalse & ~mask);
}

/// The smaller of `a` and `b`.
static inline int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/// The larger of `a` and `b`.
static inline int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

/// `value >> 16` clamped to `0...limit`.
static inline ptrdiff_t span_index(int64_t value, ptrdiff_t limit) {
    int64_t index = value >> 16;
    return index < 0 ? 0 : (index > limit ? limit : (ptrdiff_t)index);
}

#if BLOCK_LANES == 16
/// The lanes of a block to blend: one bit per lane in an AVX-512 mask register.
typedef __mmask16 BlockMask;

/// The lanes whose `positions` lie before `end`.
static inline BlockMask block_mask(BlockIndices positions, BlockIndices end) {
    return _mm512_cmplt_epi32_mask((__m512i)positions, (__m512i)end);
}

/// Blends the lanes of the 16 pixels at `p` that are set in `inside`: masked loads and stores
/// touch only those lanes (and never fault on the others).
static inline void blend_masked_block(uint32_t *p, BlockMask inside, const BlendSource *source) {
    const BlockPixels destination = (BlockPixels)_mm512_maskz_loadu_epi32(inside, p);
    _mm512_mask_storeu_epi32(p, inside, (__m512i)blend_lanes(destination, source));
}
#elif BLOCK_LANES == 8
/// The lanes of a block to blend: all bits set in each such lane.
typedef BlockIndices BlockMask;

/// The lanes whose `positions` lie before `end`.
static inline BlockMask block_mask(BlockIndices positions, BlockIndices end) { return positions < end; }

/// Blends the lanes of the 8 pixels at `p` that are set in `inside`: masked loads and stores
/// touch only those lanes (and never fault on the others).
static inline void blend_masked_block(uint32_t *p, BlockMask inside, const BlendSource *source) {
    BlockPixels destination = (BlockPixels)__builtin_ia32_maskloadd256((const BlockIndices *)p, inside);
    __builtin_ia32_maskstored256((BlockIndices *)p, inside, (BlockIndices)blend_lanes(destination, source));
}
#endif

/// Blends pixels `x0..<x0 + count` of `row` (which must lie inside the row; nothing when
/// `count` is not positive). With AVX2 or AVX-512 the span takes `blocks` masked blocks of
/// `BLOCK_LANES` pixels whatever its length, so the branches repeat from row to row; callers
/// pass a constant where they can, and up to three blocks unroll into straight code.
__attribute__((always_inline)) static inline void blend_span(uint32_t *row, int32_t x0, int32_t count,
                                                            const BlendSource *source, BlockIndices iota,
                                                            const int32_t blocks) {
#if BLOCK_LANES >= 8
    // Block `b` blends the span's pixels `BLOCK_LANES * b..<BLOCK_LANES * (b + 1)`.
    const BlockIndices spanWidth = count;
    for (int32_t block = 0; block < blocks; block++) {
        blend_masked_block(row + x0 + block * BLOCK_LANES, block_mask(iota + block * BLOCK_LANES, spanWidth),
                           source);
    }
#else
    (void)blocks;
    int32_t x1 = x0 + count;
    if (count >= LANES) {
        // Whole blocks from `x0`; the last one ends exactly at `x1`, overlapping the one before
        // it, and is read before anything is stored, so no pixel is blended twice.
        BlockPixels last;
        __builtin_memcpy(&last, row + x1 - LANES, sizeof last);
        for (int32_t x = x0; x < x1 - LANES; x += LANES) {
            BlockPixels destination;
            __builtin_memcpy(&destination, row + x, sizeof destination);
            destination = blend_lanes(destination, source);
            __builtin_memcpy(row + x, &destination, sizeof destination);
        }
        last = blend_lanes(last, source);
        __builtin_memcpy(row + x1 - LANES, &last, sizeof last);
    } else if (count > 0) {
        // One block inside the row that holds the span; its other lanes are stored back
        // unchanged.
        int32_t start = x1 - LANES > 0 ? x1 - LANES : 0;
        BlockIndices lanes = iota + start;
        BlockIndices inside = (lanes >= x0) & (lanes < x1);
        BlockPixels destination;
        __builtin_memcpy(&destination, row + start, sizeof destination);
        BlockPixels blended = blend_lanes(destination, source);
        BlockPixels stored = (BlockPixels)(((BlockIndices)blended & inside) | ((BlockIndices)destination & ~inside));
        __builtin_memcpy(row + start, &stored, sizeof stored);
    }
#endif
}

/// The lane numbers `0, 1, ...`.
static inline IndexLanes lane_numbers(void) {
    IndexLanes iota;
    for (int lane = 0; lane < LANES; lane++) iota[lane] = lane;
    return iota;
}

/// The lane numbers `0, 1, ...` of a block of pixels.
static inline BlockIndices block_lane_numbers(void) {
    BlockIndices iota;
    for (int lane = 0; lane < BLOCK_LANES; lane++) iota[lane] = lane;
    return iota;
}

/// The rows of `fill_rect_rows` whose span ends may leave the row: each row's ends stepped in
/// 64-bit arithmetic and clamped to `0...width`.
static void fill_clamped_rows(uint32_t *row, ptrdiff_t width, const ConfettiRectSpans *r, ptrdiff_t first,
                              ptrdiff_t end, int64_t leftU, int64_t rightU, int64_t leftV, int64_t rightV,
                              int32_t blocks) {
    const BlendSource source = blend_source(r->pixel, r->inverseAlpha);
    // Copies: the canvas stores could otherwise alias the rectangle and force a reload per row.
    const uint64_t stepU = (uint64_t)r->stepU, stepV = (uint64_t)r->stepV;
    const BlockIndices iota = block_lane_numbers();
    for (ptrdiff_t y = first; y < end; y++, row += width) {
        int32_t x0 = (int32_t)span_index(max64(leftU, leftV), width);
        int32_t x1 = (int32_t)span_index(min64(rightU, rightV), width);
        blend_span(row, x0, x1 - x0, &source, iota, blocks);
        leftU = (int64_t)((uint64_t)leftU + stepU);
        rightU = (int64_t)((uint64_t)rightU + stepU);
        leftV = (int64_t)((uint64_t)leftV + stepV);
        rightV = (int64_t)((uint64_t)rightV + stepV);
    }
}

/// The `rows` rows from `row`, `skipped` rows below its top, of a rectangle with an
/// `insideWidth` (every row's ends inside the row and within 32 bits). The ends are stepped in
/// 32-bit wrapping arithmetic, which gives the 64-bit values exactly because every row's true
/// value fits.
#if BLOCK_LANES >= 8
///
/// With masked blocks each row steps its own ends, in scalar registers. A rectangle's first
/// blend then waits only on a few scalar steps; stepping `LANES` rows at once in a vector (the
/// portable form below) made it wait on a vector multiply and a round trip through memory,
/// and the rectangles, 10 rows on average, are too short to hide that.
__attribute__((always_inline)) static inline void fill_inside_rows(uint32_t *row, ptrdiff_t width,
                                                                  const ConfettiRectSpans *r, ptrdiff_t skipped,
                                                                  ptrdiff_t rows, const int32_t blocks) {
    const BlendSource source = blend_source(r->pixel, r->inverseAlpha);
    const BlockIndices pixelIota = block_lane_numbers();
    const uint32_t stepU = (uint32_t)r->stepU, stepV = (uint32_t)r->stepV;
    const uint32_t skippedU = (uint32_t)skipped * stepU, skippedV = (uint32_t)skipped * stepV;
    uint32_t leftU = (uint32_t)r->leftU + skippedU, rightU = (uint32_t)r->rightU + skippedU;
    uint32_t leftV = (uint32_t)r->leftV + skippedV, rightV = (uint32_t)r->rightV + skippedV;
    for (ptrdiff_t k = 0; k < rows; k++, row += width) {
        const int32_t left = ((int32_t)leftU > (int32_t)leftV ? (int32_t)leftU : (int32_t)leftV) >> 16;
        const int32_t right = ((int32_t)rightU < (int32_t)rightV ? (int32_t)rightU : (int32_t)rightV) >> 16;
        blend_span(row, left, right - left, &source, pixelIota, blocks);
        leftU += stepU;
        rightU += stepU;
        leftV += stepV;
        rightV += stepV;
    }
}
#else
///
/// The ends of `LANES` rows at a time come from one vector step each.
__attribute__((always_inline)) static inline void fill_inside_rows(uint32_t *row, ptrdiff_t width,
                                                                  const ConfettiRectSpans *r, ptrdiff_t skipped,
                                                                  ptrdiff_t rows, const int32_t blocks) {
    const BlendSource source = blend_source(r->pixel, r->inverseAlpha);
    const IndexLanes iota = lane_numbers();
    const BlockIndices pixelIota = block_lane_numbers();
    const uint32_t stepU = (uint32_t)r->stepU, stepV = (uint32_t)r->stepV;
    const PixelLanes offsets = (PixelLanes)iota + (uint32_t)skipped;
    PixelLanes leftsU = (uint32_t)r->leftU + offsets * stepU, rightsU = (uint32_t)r->rightU + offsets * stepU;
    PixelLanes leftsV = (uint32_t)r->leftV + offsets * stepV, rightsV = (uint32_t)r->rightV + offsets * stepV;
    const PixelLanes chunkU = stepU * LANES, chunkV = stepV * LANES;
    for (ptrdiff_t done = 0; done < rows; done += LANES) {
        IndexLanes left = select_indices((IndexLanes)leftsU > (IndexLanes)leftsV, (IndexLanes)leftsU,
                                         (IndexLanes)leftsV) >> 16;
        IndexLanes right = select_indices((IndexLanes)rightsU < (IndexLanes)rightsV, (IndexLanes)rightsU,
                                          (IndexLanes)rightsV) >> 16;
        int32_t starts[LANES], counts[LANES];
        IndexLanes spanCounts = right - left;
        __builtin_memcpy(starts, &left, sizeof starts);
        __builtin_memcpy(counts, &spanCounts, sizeof counts);
        if (rows - done >= LANES) {
            // A whole chunk in straight code: no row count or index to step.
#pragma clang loop unroll(full)
            for (int k = 0; k < LANES; k++, row += width) {
                blend_span(row, starts[k], counts[k], &source, pixelIota, blocks);
            }
        } else {
            for (ptrdiff_t k = 0; k < rows - done; k++, row += width) {
                blend_span(row, starts[k], counts[k], &source, pixelIota, blocks);
            }
        }
        leftsU += chunkU;
        rightsU += chunkU;
        leftsV += chunkV;
        rightsV += chunkV;
    }
}
#endif

static void fill_clamped_rect_rows(uint32_t *row, ptrdiff_t width, const ConfettiRectSpans *r, ptrdiff_t first,
                                   ptrdiff_t end);

/// Fills rows `first..<end` of one rectangle, in blocks of `BLOCK_LANES` pixels that stay inside the
/// row. Each pixel of a row's span is blended exactly once and nothing outside the row changes.
static void fill_rect_rows(uint32_t *canvas, ptrdiff_t width, const ConfettiRectSpans *r, ptrdiff_t first,
                           ptrdiff_t end) {
    uint32_t *row = canvas + first * width;
    const ptrdiff_t skipped = first - r->top;
    if (r->insideWidth && width >= LANES) {
#if BLOCK_LANES >= 8
        const int32_t blocks = (r->insideWidth + BLOCK_LANES - 1) / BLOCK_LANES;
#else
        const int32_t blocks = 0;
#endif
        switch (blocks) {
        case 1: fill_inside_rows(row, width, r, skipped, end - first, 1); break;
        case 2: fill_inside_rows(row, width, r, skipped, end - first, 2); break;
        case 3: fill_inside_rows(row, width, r, skipped, end - first, 3); break;
        default: fill_inside_rows(row, width, r, skipped, end - first, blocks); break;
        }
        return;
    }
    fill_clamped_rect_rows(row, width, r, first, end);
}

/// The rows `first..<end` from `row` of a rectangle without an `insideWidth`, or of any on a
/// canvas narrower than `LANES` pixels: each row's ends stepped in 64-bit arithmetic and
/// clamped to the row. Kept out of line, so the common path's loop keeps its registers.
__attribute__((noinline)) static void fill_clamped_rect_rows(uint32_t *row, ptrdiff_t width,
                                                             const ConfettiRectSpans *r, ptrdiff_t first,
                                                             ptrdiff_t end) {
    const ptrdiff_t skipped = first - r->top;
    // Wrapping arithmetic, as the Swift side steps the ends.
    int64_t leftU = (int64_t)((uint64_t)r->leftU + (uint64_t)skipped * (uint64_t)r->stepU);
    int64_t rightU = (int64_t)((uint64_t)r->rightU + (uint64_t)skipped * (uint64_t)r->stepU);
    int64_t leftV = (int64_t)((uint64_t)r->leftV + (uint64_t)skipped * (uint64_t)r->stepV);
    int64_t rightV = (int64_t)((uint64_t)r->rightV + (uint64_t)skipped * (uint64_t)r->stepV);
    if (width < LANES) {
        for (ptrdiff_t y = first; y < end; y++, row += width) {
            ptrdiff_t x1 = span_index(rightU < rightV ? rightU : rightV, width);
            for (ptrdiff_t x = span_index(leftU > leftV ? leftU : leftV, width); x < x1; x++) {
                row[x] = blend_pixel(row[x], r->pixel, r->inverseAlpha);
            }
            leftU = (int64_t)((uint64_t)leftU + (uint64_t)r->stepU);
            rightU = (int64_t)((uint64_t)rightU + (uint64_t)r->stepU);
            leftV = (int64_t)((uint64_t)leftV + (uint64_t)r->stepV);
            rightV = (int64_t)((uint64_t)rightV + (uint64_t)r->stepV);
        }
        return;
    }
#if BLOCK_LANES >= 8
    // Both ends of an axis move together, so a row spans at most the narrower interval, plus
    // one pixel for where its ends fall.
    uint64_t spanU = (uint64_t)(rightU - leftU), spanV = (uint64_t)(rightV - leftV);
    uint64_t widest = ((spanU < spanV ? spanU : spanV) >> 16) + 1;
    int32_t blocks = (int32_t)(((widest < (uint64_t)width ? widest : (uint64_t)width) + BLOCK_LANES - 1) / BLOCK_LANES);
#else
    int32_t blocks = 0;
#endif
    fill_clamped_rows(row, width, r, first, end, leftU, rightU, leftV, rightV, blocks);
}

void KERNEL(confetti_fill_rects)(uint32_t *canvas, ptrdiff_t width, ptrdiff_t rowBegin, ptrdiff_t rowEnd,
                                 const ConfettiRectSpans *rects, const uint32_t *order, ptrdiff_t count) {
    // A band's rectangles lie far apart in `rects`, and each takes long enough to fill that
    // the processor does not reach the next one's load by itself: fetch a few ahead.
    enum { prefetchDistance = 8 };
    for (ptrdiff_t k = 0; k < count; k++) {
        if (order && k + prefetchDistance < count) __builtin_prefetch(&rects[order[k + prefetchDistance]]);
        const ConfettiRectSpans *r = &rects[order ? (ptrdiff_t)order[k] : k];
        ptrdiff_t first = r->top > rowBegin ? r->top : rowBegin;
        ptrdiff_t end = r->bottom < rowEnd ? r->bottom : rowEnd;
        if (first < end) fill_rect_rows(canvas, width, r, first, end);
    }
}

// MARK: - Prepare

/// `clamp(value, -2^36, 2^36) * 65536`: `SpanRasterizer.fixed` before its conversion to an
/// integer (NaN goes to the lower end).
static inline Lanes fixed_product(Lanes value) {
    const Lanes limit = 68719476736.0f;
    return select_lanes(value > -limit, select_lanes(value < limit, value, limit), -limit) * 65536.0f;
}

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

/// The smaller of `a` and `b` lane by lane, as `CONFETTI_MIN` picks it.
static inline Lanes min_lanes(Lanes a, Lanes b) { return select_lanes(a < b, a, b); }

/// The larger of `a` and `b` lane by lane, as `CONFETTI_MAX` picks it.
static inline Lanes max_lanes(Lanes a, Lanes b) { return select_lanes(a > b, a, b); }

/// The smaller of `a` and `b` lane by lane, unsigned.
static inline PixelLanes min_unsigned(PixelLanes a, PixelLanes b) {
    PixelLanes less = (PixelLanes)(a < b);
    return (a & less) | (b & ~less);
}

/// `confetti_rect_inside_width` lane by lane, with the same operations, from the products of
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
    const float rowEnd = (float)width * 65536.0f + (65535.0f - CONFETTI_CENTRE_BIAS - CONFETTI_INSIDE_MARGIN);
    const float lowest = CONFETTI_INSIDE_MARGIN - CONFETTI_CENTRE_BIAS;
    Mask inside = (least >= -CONFETTI_INSIDE_LIMIT) & (most <= CONFETTI_INSIDE_LIMIT)
        & (stepU >= -CONFETTI_INSIDE_LIMIT) & (stepU <= CONFETTI_INSIDE_LIMIT) & (stepV >= -CONFETTI_INSIDE_LIMIT)
        & (stepV <= CONFETTI_INSIDE_LIMIT) & (leftInside >= lowest) & (leftMost <= rowEnd) & (rightLeast >= lowest)
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

#if defined(__GLIBC__) && !defined(CONFETTI_SINCOSF_DECLARED)
#define CONFETTI_SINCOSF_DECLARED
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

/// The fields of rectangles `k..<k + lanes` of `c`; missing lanes get a NaN rotation, which is
/// invalid, and zeros elsewhere. With AVX2, a whole group whose strides keep the eight byte
/// offsets within 32 bits loads each field with one gather; otherwise rectangle by rectangle.
/// Either way the lanes hold the same values.
static inline RectFieldLanes load_rect_fields(ConfettiRectColumns c, ptrdiff_t k, int lanes) {
    RectFieldLanes f;
#if LANES == 8
    const ptrdiff_t reach = INT32_MAX / LANES;
    const int gathers = lanes == LANES && c.centerStride >= -reach && c.centerStride <= reach
        && c.sizeStride >= -reach && c.sizeStride <= reach && c.rotationStride >= -reach && c.rotationStride <= reach
        && c.colorStride >= -reach && c.colorStride <= reach && c.opacityStride >= -reach && c.opacityStride <= reach;
    if (gathers) {
        const IndexLanes rows = lane_numbers();
        // Field `index` (in floats) of the group's rectangles, `stride` bytes apart.
#define CONFETTI_GATHER(column, stride, index)                                                                    \
    ((Lanes)_mm256_i32gather_ps((const float *)((const char *)(column) + k * (stride)) + (index),                  \
                                (__m256i)(rows * (int32_t)(stride)), 1))
        f.centerX = CONFETTI_GATHER(c.center, c.centerStride, 0);
        f.centerY = CONFETTI_GATHER(c.center, c.centerStride, 1);
        f.sizeX = CONFETTI_GATHER(c.size, c.sizeStride, 0);
        f.sizeY = CONFETTI_GATHER(c.size, c.sizeStride, 1);
        f.rotation = CONFETTI_GATHER(c.rotation, c.rotationStride, 0);
        f.red = CONFETTI_GATHER(c.color, c.colorStride, 0);
        f.green = CONFETTI_GATHER(c.color, c.colorStride, 1);
        f.blue = CONFETTI_GATHER(c.color, c.colorStride, 2);
        f.alpha = CONFETTI_GATHER(c.color, c.colorStride, 3);
        f.opacity = CONFETTI_GATHER(c.opacity, c.opacityStride, 0);
#undef CONFETTI_GATHER
        return f;
    }
#endif
    const Lanes zero = 0.0f;
    f.centerX = f.centerY = f.sizeX = f.sizeY = f.red = f.green = f.blue = f.alpha = f.opacity = zero;
    f.rotation = (Lanes)__builtin_nanf("");
    for (int lane = 0; lane < lanes; lane++) {
        ptrdiff_t row = k + lane;
        float pair[2], color[4], rotation, opacity;
        __builtin_memcpy(pair, (const char *)c.center + row * c.centerStride, sizeof pair);
        f.centerX[lane] = pair[0];
        f.centerY[lane] = pair[1];
        __builtin_memcpy(pair, (const char *)c.size + row * c.sizeStride, sizeof pair);
        f.sizeX[lane] = pair[0];
        f.sizeY[lane] = pair[1];
        __builtin_memcpy(&rotation, (const char *)c.rotation + row * c.rotationStride, sizeof rotation);
        f.rotation[lane] = rotation;
        __builtin_memcpy(color, (const char *)c.color + row * c.colorStride, sizeof color);
        f.red[lane] = color[0];
        f.green[lane] = color[1];
        f.blue[lane] = color[2];
        f.alpha[lane] = color[3];
        __builtin_memcpy(&opacity, (const char *)c.opacity + row * c.opacityStride, sizeof opacity);
        f.opacity[lane] = opacity;
    }
    return f;
}

/// The 8-byte words of `ConfettiRectSpans`, one vector per word with one lane per rectangle.
typedef uint64_t SpanWordLanes __attribute__((ext_vector_type(LANES)));
/// Two words of each rectangle side by side.
typedef uint64_t SpanPairLanes __attribute__((ext_vector_type(2 * LANES)));
/// Four words of each rectangle side by side.
typedef uint64_t SpanQuadLanes __attribute__((ext_vector_type(4 * LANES)));
/// Whole `ConfettiRectSpans`, one after another.
typedef uint64_t SpanRecordLanes __attribute__((ext_vector_type(8 * LANES)));
/// `SpanRecordLanes` as stored over the spans: 8-byte aligned, and allowed to alias them.
typedef uint64_t SpanRecordStore __attribute__((ext_vector_type(8 * LANES), aligned(8), may_alias));

// Shuffles that interleave two vectors in units of one, two and four words.
#if LANES == 4
#define SPAN_PAIRS 0, 4, 1, 5, 2, 6, 3, 7
#define SPAN_QUADS 0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15
#define SPAN_RECORDS 0, 1, 2, 3, 16, 17, 18, 19, 4, 5, 6, 7, 20, 21, 22, 23, 8, 9, 10, 11, 24, 25, 26, 27, 12, 13, 14, 15, 28, 29, 30, 31
#else
#define SPAN_PAIRS 0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15
#define SPAN_QUADS 0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23, 8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31
#define SPAN_RECORDS 0, 1, 2, 3, 32, 33, 34, 35, 4, 5, 6, 7, 36, 37, 38, 39, 8, 9, 10, 11, 40, 41, 42, 43, 12, 13, 14, 15, 44, 45, 46, 47, 16, 17, 18, 19, 48, 49, 50, 51, 20, 21, 22, 23, 52, 53, 54, 55, 24, 25, 26, 27, 56, 57, 58, 59, 28, 29, 30, 31, 60, 61, 62, 63
#endif

_Static_assert(sizeof(ConfettiRectSpans) == 8 * sizeof(uint64_t), "the spans are eight 8-byte words");
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the words pack the 4- and 2-byte fields low first");

/// Packs `low` and `high` lane by lane into words, `low` in the low half.
static inline SpanWordLanes span_word(IndexLanes low, IndexLanes high) {
    return (SpanWordLanes)__builtin_shufflevector(low, high, SPAN_PAIRS);
}

/// Stores the spans of the first `lanes` rectangles, from their eight words, to `out`: the
/// words are transposed in registers into whole records (three rounds of interleaving) and
/// stored as one block.
static inline void store_spans(const SpanWordLanes words[8], int lanes, ConfettiRectSpans *out) {
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
        __builtin_memcpy(out, &records, sizeof(ConfettiRectSpans) * (size_t)lanes);
    }
}

#ifndef LANE_BAND_LIMIT
/// The most bands whose rectangles `confetti_prepare_rects` counts lane by lane (68 bands of
/// 32 rows cover a 2160-row canvas).
#define LANE_BAND_LIMIT 128
#endif

ptrdiff_t KERNEL(confetti_prepare_rects)(ConfettiRectColumns c, ptrdiff_t first, ptrdiff_t count, ptrdiff_t width,
                                         ptrdiff_t height, ptrdiff_t rowsPerBand, ConfettiRectSpans *spans,
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
    for (ptrdiff_t k = first; k < first + count; k += LANES) {
        int lanes = first + count - k < LANES ? (int)(first + count - k) : LANES;
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

        // `confetti_rect_spans`: the rows, then the interval ends on the first row.
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
