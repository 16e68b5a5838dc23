// The C kernels' output bits on fixed inputs, for every instruction set this machine runs.
//
// Prints one line per kernel, `<kernel> <64-bit FNV-1a hash of its outputs>`, and exits 1 when
// two instruction sets of this machine disagree on a kernel. `scripts/kernel-bits.sh` builds it
// for x86-64 and for aarch64 (run under qemu) and requires the same lines from both, so the
// confetti step, the rasteriser and the resampler give the same bits on every path.

#include "AudioResampleKernels.h"
#include "ConfettiKernels.h"
#include "RectKernels.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The inputs must have the same bits everywhere too: no fused multiply-adds where the target has them.
#pragma clang fp contract(off)

/// A kernel's outputs folded into a 64-bit FNV-1a hash.
typedef struct {
    uint64_t value;
} Hash;

static void hash_bytes(Hash *h, const void *bytes, size_t count) {
    const unsigned char *p = bytes;
    for (size_t i = 0; i < count; i++) h->value = (h->value ^ p[i]) * 0x100000001B3ull;
}

static Hash new_hash(void) { return (Hash){0xCBF29CE484222325ull}; }

/// SplitMix64: the same inputs on every machine.
static uint64_t next_random(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/// A float in `low..<high` from the top 24 bits of a draw.
static float uniform(uint64_t *state, float low, float high) {
    return low + (high - low) * ((float)(next_random(state) >> 40) / 16777216.0f);
}

static void *allocate(size_t bytes) {
    void *p = calloc(1, bytes);
    if (!p) {
        fputs("kernel_bits: out of memory\n", stderr);
        exit(2);
    }
    return p;
}

// MARK: - Confetti step and render

/// Rows of the step and render checks: not a multiple of 4, 8 or 16, so every tail runs.
enum { stepRows = 1003, steps = 12 };

typedef struct {
    float *position, *velocity, *rotation, *opacity, *spin, *windForce, *size, *phaseCos, *phaseSin;
} StepInputs;

static StepInputs make_step_inputs(void) {
    uint64_t state = 7;
    StepInputs in;
    in.position = allocate(sizeof(float) * 2 * stepRows);
    in.velocity = allocate(sizeof(float) * 2 * stepRows);
    in.rotation = allocate(sizeof(float) * 2 * stepRows);
    in.spin = allocate(sizeof(float) * 2 * stepRows);
    in.size = allocate(sizeof(float) * 2 * stepRows);
    in.opacity = allocate(sizeof(float) * stepRows);
    in.windForce = allocate(sizeof(float) * stepRows);
    in.phaseCos = allocate(sizeof(float) * stepRows);
    in.phaseSin = allocate(sizeof(float) * stepRows);
    for (int i = 0; i < stepRows; i++) {
        in.position[2 * i] = uniform(&state, -50, 1970);
        in.position[2 * i + 1] = uniform(&state, -300, 1100);
        in.velocity[2 * i] = uniform(&state, -900, 900);
        in.velocity[2 * i + 1] = uniform(&state, -1400, 400);
        in.rotation[2 * i] = uniform(&state, -40, 40);
        in.rotation[2 * i + 1] = uniform(&state, -40, 40);
        in.spin[2 * i] = uniform(&state, -12, 12);
        in.spin[2 * i + 1] = uniform(&state, -12, 12);
        in.size[2 * i] = uniform(&state, 2, 14);
        in.size[2 * i + 1] = uniform(&state, 2, 14);
        in.opacity[i] = uniform(&state, -0.1f, 1);
        in.windForce[i] = uniform(&state, 0, 60);
        float phase = uniform(&state, -3.1f, 3.1f);
        in.phaseCos[i] = cosf(phase);
        in.phaseSin[i] = sinf(phase);
    }
    return in;
}

static StepInputs copy_step_inputs(const StepInputs *in) {
    StepInputs c = make_step_inputs();
    memcpy(c.position, in->position, sizeof(float) * 2 * stepRows);
    memcpy(c.velocity, in->velocity, sizeof(float) * 2 * stepRows);
    memcpy(c.rotation, in->rotation, sizeof(float) * 2 * stepRows);
    memcpy(c.opacity, in->opacity, sizeof(float) * stepRows);
    return c;
}

static void free_step_inputs(StepInputs *in) {
    free(in->position), free(in->velocity), free(in->rotation), free(in->opacity), free(in->spin);
    free(in->windForce), free(in->size), free(in->phaseCos), free(in->phaseSin);
}

static ConfettiStepConstants step_constants(int step) {
    ConfettiStepConstants k = {
        .deltaTime = 1.0f / 60.0f,
        .gravityImpulse = 980.0f / 60.0f,
        .drag = 0.985f,
        .terminalVelocity = 1200.0f,
        .boundsMinX = -100, .boundsMinY = -400, .boundsMaxX = 2020, .boundsMaxY = 1180,
        .windBaseSin = sinf(0.3f * (float)step),
        .windBaseCos = cosf(0.3f * (float)step),
        .fadeOpacity = 0.02f,
        .isFading = step >= steps / 2,
    };
    return k;
}

static ConfettiStepColumns step_columns(const StepInputs *in) {
    return (ConfettiStepColumns){in->position, in->velocity, in->rotation, in->opacity, in->spin, in->windForce};
}

static void hash_step_state(Hash *h, const StepInputs *in) {
    hash_bytes(h, in->position, sizeof(float) * 2 * stepRows);
    hash_bytes(h, in->velocity, sizeof(float) * 2 * stepRows);
    hash_bytes(h, in->rotation, sizeof(float) * 2 * stepRows);
    hash_bytes(h, in->opacity, sizeof(float) * stepRows);
}

/// The step, then the render records of every row and of a listed subset.
static uint64_t step_and_render(KernelISA isa) {
    StepInputs in = make_step_inputs();
    Hash h = new_hash();
    ConfettiRenderRecord *records = allocate(sizeof(ConfettiRenderRecord) * stepRows);
    for (int step = 0; step < steps; step++) {
        ConfettiStepConstants k = step_constants(step);
        ptrdiff_t dead = confetti_step_rows(isa, step_columns(&in), stepRows, in.phaseCos, in.phaseSin, &k);
        hash_bytes(&h, &dead, sizeof dead);
        hash_step_state(&h, &in);
    }
    ConfettiRenderColumns render = {in.size, in.position, in.rotation, in.opacity};
    confetti_render_rows(isa, render, stepRows, records);
    hash_bytes(&h, records, sizeof(ConfettiRenderRecord) * stepRows);
    ptrdiff_t listed[stepRows / 3];
    // Row `listed[i] - 5` of the columns, in an order that is not ascending.
    for (int i = 0; i < stepRows / 3; i++) listed[i] = (ptrdiff_t)(5 + 3 * (stepRows / 3 - 1 - i) + i % 2);
    memset(records, 0, sizeof(ConfettiRenderRecord) * stepRows);
    confetti_render_listed_rows(isa, render, listed, stepRows / 3, 5, records);
    hash_bytes(&h, records, sizeof(ConfettiRenderRecord) * stepRows);
    free(records);
    free_step_inputs(&in);
    return h.value;
}

/// The fused step and render: the same bits as the two passes, checked here too.
static uint64_t fused_step_render(KernelISA isa) {
    StepInputs in = make_step_inputs();
    StepInputs separate = copy_step_inputs(&in);
    ConfettiRenderRecord *fused = allocate(sizeof(ConfettiRenderRecord) * stepRows);
    ConfettiRenderRecord *passes = allocate(sizeof(ConfettiRenderRecord) * stepRows);
    Hash h = new_hash();
    int same = 1;
    for (int step = 0; step < steps; step++) {
        ConfettiStepConstants k = step_constants(step);
        ptrdiff_t dead = confetti_step_render_rows(isa, step_columns(&in), in.size, stepRows, in.phaseCos,
                                                   in.phaseSin, &k, fused);
        ptrdiff_t deadApart =
            confetti_step_rows(isa, step_columns(&separate), stepRows, separate.phaseCos, separate.phaseSin, &k);
        ConfettiRenderColumns render = {separate.size, separate.position, separate.rotation, separate.opacity};
        confetti_render_rows(isa, render, stepRows, passes);
        // The record's id is the caller's; the kernels leave it alone.
        for (int i = 0; i < stepRows; i++) fused[i].id = passes[i].id = 0;
        same &= dead == deadApart && memcmp(fused, passes, sizeof(ConfettiRenderRecord) * stepRows) == 0;
        hash_bytes(&h, &dead, sizeof dead);
        hash_bytes(&h, fused, sizeof(ConfettiRenderRecord) * stepRows);
    }
    free(fused), free(passes);
    free_step_inputs(&in), free_step_inputs(&separate);
    return same ? h.value : 0;
}

// MARK: - Rasteriser

/// One record per rectangle, as the renderer's render state lays them out (48 bytes).
typedef struct {
    float color[4];
    float center[2];
    float size[2];
    float opacity;
    float rotation;
    float padding[2];
} RectRecord;

enum { rectCount = 4001 };

static RectRecord *make_rects(int width, int height) {
    uint64_t state = 11;
    RectRecord *rects = allocate(sizeof(RectRecord) * rectCount);
    for (int i = 0; i < rectCount; i++) {
        RectRecord *r = &rects[i];
        for (int c = 0; c < 4; c++) r->color[c] = uniform(&state, -0.2f, 1.2f);
        r->center[0] = uniform(&state, -30, (float)width + 30);
        r->center[1] = uniform(&state, -30, (float)height + 30);
        // Mostly confetti-sized; every 17th long and thin, every 29th wider than a few blocks.
        float scale = i % 29 == 0 ? 60.0f : 12.0f;
        r->size[0] = uniform(&state, 0, scale);
        r->size[1] = i % 17 == 0 ? uniform(&state, 40, 300) : uniform(&state, 0, scale);
        r->opacity = uniform(&state, -0.1f, 1.1f);
        r->rotation = uniform(&state, -20, 20);
        // Exact right angles, where an edge pair is parallel to an axis.
        if (i % 13 == 0) r->rotation = (float)(i % 4) * 1.57079637f;
        // Invalid rectangles, which the preparation counts out.
        if (i % 101 == 0) r->size[0] = -1;
        if (i % 103 == 0) r->center[0] = 2e7f;
        if (i % 107 == 0) r->rotation = INFINITY;
    }
    return rects;
}

/// Prepares every rectangle on a `width` x `height` canvas and fills them in two row ranges,
/// hashing what preparation returns, the spans of the rectangles it keeps and the canvas.
static uint64_t rasterise(KernelISA isa, int width, int height, int rowsPerBand) {
    RectRecord *rects = make_rects(width, height);
    const ptrdiff_t stride = sizeof(RectRecord);
    RectColumns columns = {rects[0].center, stride, rects[0].size, stride, &rects[0].rotation, stride,
                                   rects[0].color,  stride, &rects[0].opacity, stride};
    RectSpans *spans = allocate(sizeof(RectSpans) * rectCount);
    uint32_t *bandRanges = allocate(sizeof(uint32_t) * rectCount);
    const int bands = (height + rowsPerBand - 1) / rowsPerBand;
    ptrdiff_t *bandCounts = allocate(sizeof(ptrdiff_t) * (size_t)(bands + 1));
    int32_t bounds[4] = {width, height, 0, 0};
    // In two calls, the second from an odd row, as the renderer splits its batches.
    ptrdiff_t valid = rect_batch_prepare(isa, columns, 0, 1001, width, height, rowsPerBand, spans, bandRanges,
                                             bandCounts, bounds);
    valid += rect_batch_prepare(isa, columns, 1001, rectCount - 1001, width, height, rowsPerBand, spans,
                                    bandRanges, bandCounts, bounds);
    Hash h = new_hash();
    hash_bytes(&h, &valid, sizeof valid);
    hash_bytes(&h, bandRanges, sizeof(uint32_t) * rectCount);
    hash_bytes(&h, bandCounts, sizeof(ptrdiff_t) * (size_t)bands);
    hash_bytes(&h, bounds, sizeof bounds);
    uint32_t *order = allocate(sizeof(uint32_t) * rectCount);
    ptrdiff_t kept = 0;
    for (int k = 0; k < rectCount; k++) {
        if ((bandRanges[k] & 0xFFFF) == bandRanges[k] >> 16) continue;
        order[kept++] = (uint32_t)k;
        hash_bytes(&h, &spans[k], sizeof spans[k]);
    }
    uint32_t *canvas = allocate(sizeof(uint32_t) * (size_t)width * (size_t)height);
    for (int i = 0; i < width * height; i++) canvas[i] = 0xFF000000u | (uint32_t)(i * 2654435761u >> 8);
    const ptrdiff_t middle = height / 2 + 1;
    rect_batch_fill(isa, canvas, width, 0, middle, spans, order, kept);
    rect_batch_fill(isa, canvas, width, middle, height, spans, order, kept);
    ptrdiff_t changed = 0;
    for (int i = 0; i < width * height; i++) changed += canvas[i] != (0xFF000000u | (uint32_t)(i * 2654435761u >> 8));
    if (valid < rectCount / 2 || kept == 0 || changed == 0) {
        fprintf(stderr, "kernel_bits: %dx%d: %td valid rectangles, %td kept, %td pixels changed\n", width, height,
                valid, kept, changed);
        exit(1);
    }
    hash_bytes(&h, canvas, sizeof(uint32_t) * (size_t)width * (size_t)height);
    free(rects), free(spans), free(bandRanges), free(bandCounts), free(order), free(canvas);
    return h.value;
}

static uint64_t rasterise_wide(KernelISA isa) { return rasterise(isa, 641, 363, 32); }

/// A canvas narrower than any block, and one a few blocks wide.
static uint64_t rasterise_narrow(KernelISA isa) {
    Hash h = new_hash();
    uint64_t three = rasterise(isa, 3, 97, 1), thirteen = rasterise(isa, 13, 41, 5);
    hash_bytes(&h, &three, sizeof three);
    hash_bytes(&h, &thirteen, sizeof thirteen);
    return h.value;
}

// MARK: - Resampler

/// Resamples a mono and a stereo source through polyphase tables of `taps` taps, both writing
/// frames and mixing them into a stereo buffer.
static uint64_t resample_with(KernelISA isa, ptrdiff_t taps) {
    enum { phases = 160, frames = 1500, sourceFrames = 2200 };
    uint64_t state = 13;
    float *mono = allocate(sizeof(float) * phases * (size_t)taps);
    float *stereo = allocate(sizeof(float) * phases * 2 * (size_t)taps);
    for (int p = 0; p < phases; p++) {
        for (int t = 0; t < taps; t++) {
            float c = uniform(&state, -0.3f, 0.9f);
            mono[p * taps + t] = c;
            stereo[2 * (p * taps + t)] = stereo[2 * (p * taps + t) + 1] = c;
        }
    }
    AudioPolyphaseTables tables = {mono, stereo, phases, 147, taps};
    // Room before the first frame and after the last for the filter's reach.
    const ptrdiff_t margin = taps;
    float *source = allocate(sizeof(float) * 2 * (sourceFrames + 2 * (size_t)margin));
    for (ptrdiff_t i = 0; i < 2 * (sourceFrames + 2 * margin); i++) source[i] = uniform(&state, -1, 1);
    float *out = allocate(sizeof(float) * 2 * frames);
    Hash h = new_hash();
    for (ptrdiff_t channels = 1; channels <= 2; channels++) {
        const float *first = source + margin * channels;
        AudioResamplePosition position = {0, 3};
        memset(out, 0, sizeof(float) * 2 * frames);
        audio_resample_frames(isa, &tables, first, channels, &position, frames, out);
        hash_bytes(&h, out, sizeof(float) * 2 * frames);
        hash_bytes(&h, &position, sizeof position);
        position = (AudioResamplePosition){7, 100};
        for (ptrdiff_t i = 0; i < 2 * frames; i++) out[i] = 0.25f;
        audio_resample_mix_stereo(isa, &tables, first, channels, &position, frames, 0.7f, -0.4f, out);
        hash_bytes(&h, out, sizeof(float) * 2 * frames);
        hash_bytes(&h, &position, sizeof position);
    }
    free(mono), free(stereo), free(source), free(out);
    return h.value;
}

/// The upsampling filters' 24 taps (the unrolled loops) and a longer filter.
static uint64_t resample(KernelISA isa) {
    Hash h = new_hash();
    uint64_t unrolled = resample_with(isa, 24), general = resample_with(isa, 64);
    hash_bytes(&h, &unrolled, sizeof unrolled);
    hash_bytes(&h, &general, sizeof general);
    return h.value;
}

// MARK: - Main

typedef struct {
    const char *name;
    uint64_t (*run)(KernelISA);
} Check;

int main(void) {
    static const Check checks[] = {
        {"confetti.step_render", step_and_render}, {"confetti.fused_step_render", fused_step_render},
        {"render.rasterise", rasterise_wide},      {"render.rasterise_narrow", rasterise_narrow},
        {"audio.resample", resample},
    };
    static const struct {
        KernelISA isa;
        const char *name;
    } sets[] = {{KernelISAPortable, "portable"}, {KernelISAAVX2, "avx2"}, {KernelISAAVX512, "avx512"}};
    int failed = 0;
    for (size_t c = 0; c < sizeof checks / sizeof checks[0]; c++) {
        uint64_t expected = checks[c].run(KernelISAPortable);
        if (expected == 0) {
            fprintf(stderr, "kernel_bits: %s: the fused pass differs from the separate ones on portable\n",
                    checks[c].name);
            failed = 1;
        }
        for (size_t s = 1; s < sizeof sets / sizeof sets[0]; s++) {
            if (!kernels_supports(sets[s].isa)) continue;
            uint64_t got = checks[c].run(sets[s].isa);
            if (got != expected) {
                fprintf(stderr, "kernel_bits: %s: %s gives %016llx, portable %016llx\n", checks[c].name, sets[s].name,
                        (unsigned long long)got, (unsigned long long)expected);
                failed = 1;
            }
        }
        printf("%s %016llx\n", checks[c].name, (unsigned long long)expected);
    }
    return failed;
}
