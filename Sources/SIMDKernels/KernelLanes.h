// The confetti step, render and fill kernels over `LANES`-wide vectors (`VectorLanes.h`).
// Included once per instruction set by a file that defines `LANES` (4 or 8) and `KERNEL(name)`,
// the name of that file's copy of a public kernel, and may define `BLOCK_LANES` (16, with
// AVX-512), the pixels the fill blends per block; it is `LANES` otherwise.

#include "VectorLanes.h"

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

void KERNEL(confetti_render_listed_rows)(ConfettiRenderColumns c, const ptrdiff_t *rows, ptrdiff_t count,
                                         ptrdiff_t first, ConfettiRenderRecord *records) {
    for (ptrdiff_t done = 0; done < count; done += LANES) {
        const int lanes = count - done < LANES ? (int)(count - done) : LANES;
        // The listed rows side by side, zeros past the last, as `confetti_render_rows` pads
        // its tail.
        float size[2 * LANES] = {0}, position[2 * LANES] = {0}, rotation[2 * LANES] = {0}, opacity[LANES] = {0};
        for (int lane = 0; lane < lanes; lane++) {
            const ptrdiff_t row = rows[done + lane] - first;
            __builtin_memcpy(size + 2 * lane, c.size + 2 * row, 2 * sizeof(float));
            __builtin_memcpy(position + 2 * lane, c.position + 2 * row, 2 * sizeof(float));
            __builtin_memcpy(rotation + 2 * lane, c.rotation + 2 * row, 2 * sizeof(float));
            opacity[lane] = c.opacity[row];
        }
        const ConfettiRenderColumns gathered = {size, position, rotation, opacity};
        const RenderLanes g = load_render_lanes(gathered);
        ConfettiRenderRecord shaded[LANES];
        render_lanes(&g, lanes, shaded);
        for (int lane = 0; lane < lanes; lane++) {
            // The fields `render_lanes` writes, and only those: `center` with `size`, and
            // `opacity` with `zRotation`.
            char *record = (char *)&records[rows[done + lane] - first];
            const char *source = (const char *)&shaded[lane];
            __builtin_memcpy(record + offsetof(ConfettiRenderRecord, center),
                             source + offsetof(ConfettiRenderRecord, center), 4 * sizeof(float));
            __builtin_memcpy(record + offsetof(ConfettiRenderRecord, opacity),
                             source + offsetof(ConfettiRenderRecord, opacity), 2 * sizeof(float));
        }
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

#if BLOCK_LANES <= 8
/// Blends the lanes of the `BLOCK_LANES` pixels at `p` that are set in `inside` (all bits set
/// in each such lane) with a whole load and a whole store, the other lanes stored back as they
/// were read; all the pixels must lie in a row no other thread writes. AVX2's masked store
/// (`vpmaskmovd`) is microcoded on AMD processors, where it made the whole frame take nearly
/// twice as long as this form; on an Intel Xeon both took the same time. 128-bit vectors have
/// no masked store at all.
static inline void blend_whole_block(uint32_t *p, BlockIndices inside, const BlendSource *source) {
    BlockPixels destination;
    __builtin_memcpy(&destination, p, sizeof destination);
    const BlockIndices blended = (BlockIndices)blend_lanes(destination, source);
    const BlockIndices stored = (blended & inside) | ((BlockIndices)destination & ~inside);
    __builtin_memcpy(p, &stored, sizeof stored);
}
#endif

/// Blends pixels `x0..<x0 + count` of `row`, which is `width` pixels long (the span must lie
/// inside it; nothing when `count` is not positive). Given `blocks` (positive, with
/// `count <= blocks * BLOCK_LANES`), the span takes that many blocks of `BLOCK_LANES` pixels
/// whatever its length, so the branches repeat from row to row; callers pass a constant where
/// they can, and a few blocks unroll into straight code. 128-bit and AVX2 blocks are whole loads
/// and stores inside the row where the row is wide enough; otherwise AVX2 blocks are masked and
/// 128-bit spans take the loop below. AVX-512 blocks are masked. With `blocks` 0 the loop takes
/// every span.
__attribute__((always_inline)) static inline void blend_span(uint32_t *row, ptrdiff_t width, int32_t x0,
                                                            int32_t count, const BlendSource *source,
                                                            BlockIndices iota, const int32_t blocks) {
#if BLOCK_LANES <= 8
    if (blocks > 0 && blocks * BLOCK_LANES <= width) {
        // The blocks start at `x0`, or end at the row's end when they would leave it.
        const int32_t start = x0 < width - blocks * BLOCK_LANES ? x0 : (int32_t)width - blocks * BLOCK_LANES;
        const BlockIndices first = x0 - start, end = x0 - start + count;
        for (int32_t block = 0; block < blocks; block++) {
            const BlockIndices lanes = iota + block * BLOCK_LANES;
            blend_whole_block(row + start + block * BLOCK_LANES, ~(lanes < first) & (lanes < end), source);
        }
        return;
    }
#endif
#if BLOCK_LANES >= 8
    (void)width;
    // Block `b` blends the span's pixels `BLOCK_LANES * b..<BLOCK_LANES * (b + 1)`.
    const BlockIndices spanWidth = count;
    for (int32_t block = 0; block < blocks; block++) {
        blend_masked_block(row + x0 + block * BLOCK_LANES, block_mask(iota + block * BLOCK_LANES, spanWidth),
                           source);
    }
#else
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

/// The lane numbers `0, 1, ...` of a block of pixels.
static inline BlockIndices block_lane_numbers(void) {
    BlockIndices iota;
    for (int lane = 0; lane < BLOCK_LANES; lane++) iota[lane] = lane;
    return iota;
}

/// The rows of `fill_rect_rows` whose span ends may leave the row: each row's ends stepped in
/// 64-bit arithmetic and clamped to `0...width`.
static void fill_clamped_rows(uint32_t *row, ptrdiff_t width, const RectSpans *r, ptrdiff_t first,
                              ptrdiff_t end, int64_t leftU, int64_t rightU, int64_t leftV, int64_t rightV,
                              int32_t blocks) {
    const BlendSource source = blend_source(r->pixel, r->inverseAlpha);
    // Copies: the canvas stores could otherwise alias the rectangle and force a reload per row.
    const uint64_t stepU = (uint64_t)r->stepU, stepV = (uint64_t)r->stepV;
    const BlockIndices iota = block_lane_numbers();
    for (ptrdiff_t y = first; y < end; y++, row += width) {
        int32_t x0 = (int32_t)span_index(max64(leftU, leftV), width);
        int32_t x1 = (int32_t)span_index(min64(rightU, rightV), width);
        blend_span(row, width, x0, x1 - x0, &source, iota, blocks);
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
///
/// Each row steps its own ends, in scalar registers. A rectangle's first blend then waits only
/// on a few scalar steps; stepping `LANES` rows at once in a vector made it wait on a vector
/// multiply and a round trip through memory, and the rectangles, 10 rows on average, are too
/// short to hide that.
__attribute__((always_inline)) static inline void fill_inside_rows(uint32_t *row, ptrdiff_t width,
                                                                  const RectSpans *r, ptrdiff_t skipped,
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
        blend_span(row, width, left, right - left, &source, pixelIota, blocks);
        leftU += stepU;
        rightU += stepU;
        leftV += stepV;
        rightV += stepV;
    }
}

static void fill_clamped_rect_rows(uint32_t *row, ptrdiff_t width, const RectSpans *r, ptrdiff_t first,
                                   ptrdiff_t end);

/// Fills rows `first..<end` of one rectangle, in blocks of `BLOCK_LANES` pixels that stay inside the
/// row. Each pixel of a row's span is blended exactly once and nothing outside the row changes.
static void fill_rect_rows(uint32_t *canvas, ptrdiff_t width, const RectSpans *r, ptrdiff_t first,
                           ptrdiff_t end) {
    uint32_t *row = canvas + first * width;
    const ptrdiff_t skipped = first - r->top;
    if (r->insideWidth && width >= LANES) {
        const int32_t blocks = (r->insideWidth + BLOCK_LANES - 1) / BLOCK_LANES;
        switch (blocks) {
        case 1: fill_inside_rows(row, width, r, skipped, end - first, 1); break;
        case 2: fill_inside_rows(row, width, r, skipped, end - first, 2); break;
        case 3: fill_inside_rows(row, width, r, skipped, end - first, 3); break;
#if BLOCK_LANES == 4
        case 4: fill_inside_rows(row, width, r, skipped, end - first, 4); break;
        case 5: fill_inside_rows(row, width, r, skipped, end - first, 5); break;
        case 6: fill_inside_rows(row, width, r, skipped, end - first, 6); break;
#endif
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
                                                             const RectSpans *r, ptrdiff_t first,
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
    // Both ends of an axis move together, so a row spans at most the narrower interval, plus
    // one pixel for where its ends fall.
    uint64_t spanU = (uint64_t)(rightU - leftU), spanV = (uint64_t)(rightV - leftV);
    uint64_t widest = ((spanU < spanV ? spanU : spanV) >> 16) + 1;
    int32_t blocks = (int32_t)(((widest < (uint64_t)width ? widest : (uint64_t)width) + BLOCK_LANES - 1) / BLOCK_LANES);
    fill_clamped_rows(row, width, r, first, end, leftU, rightU, leftV, rightV, blocks);
}

void KERNEL(rect_batch_fill)(uint32_t *canvas, ptrdiff_t width, ptrdiff_t rowBegin, ptrdiff_t rowEnd,
                                 const RectSpans *rects, const uint32_t *order, ptrdiff_t count) {
    // A band's rectangles lie far apart in `rects`, and each takes long enough to fill that
    // the processor does not reach the next one's load by itself: fetch a few ahead.
    enum { prefetchDistance = 8 };
    for (ptrdiff_t k = 0; k < count; k++) {
        if (order && k + prefetchDistance < count) __builtin_prefetch(&rects[order[k + prefetchDistance]]);
        const RectSpans *r = &rects[order ? (ptrdiff_t)order[k] : k];
        ptrdiff_t first = r->top > rowBegin ? r->top : rowBegin;
        ptrdiff_t end = r->bottom < rowEnd ? r->bottom : rowEnd;
        if (first < end) fill_rect_rows(canvas, width, r, first, end);
    }
}
