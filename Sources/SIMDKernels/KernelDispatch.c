// Checks which instruction sets the machine supports and forwards the public kernels to the
// copy for the requested one.

#include "ConfettiKernels.h"
#include "RectKernels.h"

#if defined(__x86_64__)
#include <cpuid.h>
#endif

/// One instruction set's copy of the public kernels (see `KernelLanes.h` and
/// `RectPrepareLanes.h`).
typedef struct {
    ptrdiff_t (*stepRows)(ConfettiStepColumns, ptrdiff_t, const float *, const float *, const ConfettiStepConstants *);
    void (*renderRows)(ConfettiRenderColumns, ptrdiff_t, ConfettiRenderRecord *);
    void (*renderListedRows)(ConfettiRenderColumns, const ptrdiff_t *, ptrdiff_t, ptrdiff_t, ConfettiRenderRecord *);
    ptrdiff_t (*stepRenderRows)(ConfettiStepColumns, const float *, ptrdiff_t, const float *, const float *,
                                const ConfettiStepConstants *, ConfettiRenderRecord *);
    ptrdiff_t (*prepareRects)(RectColumns, ptrdiff_t, ptrdiff_t, ptrdiff_t, ptrdiff_t, ptrdiff_t,
                              RectSpans *, uint32_t *, ptrdiff_t *, int32_t *);
    void (*fillRects)(uint32_t *, ptrdiff_t, ptrdiff_t, ptrdiff_t, const RectSpans *, const uint32_t *,
                      ptrdiff_t);
} KernelCopy;

/// Declares the copy of the kernels whose names end in `_suffix`.
#define DECLARE_KERNEL_COPY(suffix)                                                                                   \
    ptrdiff_t confetti_step_rows_##suffix(ConfettiStepColumns, ptrdiff_t, const float *, const float *,               \
                                          const ConfettiStepConstants *);                                             \
    void confetti_render_rows_##suffix(ConfettiRenderColumns, ptrdiff_t, ConfettiRenderRecord *);                      \
    void confetti_render_listed_rows_##suffix(ConfettiRenderColumns, const ptrdiff_t *, ptrdiff_t, ptrdiff_t,         \
                                              ConfettiRenderRecord *);                                                \
    ptrdiff_t confetti_step_render_rows_##suffix(ConfettiStepColumns, const float *, ptrdiff_t, const float *,        \
                                                 const float *, const ConfettiStepConstants *,                        \
                                                 ConfettiRenderRecord *);                                             \
    ptrdiff_t rect_batch_prepare_##suffix(RectColumns, ptrdiff_t, ptrdiff_t, ptrdiff_t, ptrdiff_t,        \
                                              ptrdiff_t, RectSpans *, uint32_t *, ptrdiff_t *, int32_t *);    \
    void rect_batch_fill_##suffix(uint32_t *, ptrdiff_t, ptrdiff_t, ptrdiff_t, const RectSpans *,         \
                                      const uint32_t *, ptrdiff_t);

/// The copy of the kernels whose names end in `_suffix`.
#define KERNEL_COPY(suffix)                                                                                           \
    {confetti_step_rows_##suffix, confetti_render_rows_##suffix, confetti_render_listed_rows_##suffix,               \
     confetti_step_render_rows_##suffix, rect_batch_prepare_##suffix, rect_batch_fill_##suffix}

DECLARE_KERNEL_COPY(portable)
#if defined(__x86_64__)
DECLARE_KERNEL_COPY(avx2)
DECLARE_KERNEL_COPY(avx512)
#endif

/// Whether the CPU has the features in `leaf7Features` (bits of leaf 7's `ebx`) and the OS
/// saves the registers in `xcr0Features` (bits of XCR0).
static int machine_has(unsigned leaf7Features, unsigned xcr0Features) {
#if defined(__x86_64__)
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    const unsigned osxsave = 1u << 27, avx = 1u << 28;
    if ((ecx & (osxsave | avx)) != (osxsave | avx)) return 0;
    unsigned xcr0Low, xcr0High;
    __asm__("xgetbv" : "=a"(xcr0Low), "=d"(xcr0High) : "c"(0));
    if ((xcr0Low & xcr0Features) != xcr0Features) return 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    return (ebx & leaf7Features) == leaf7Features;
#else
    (void)leaf7Features;
    (void)xcr0Features;
    return 0;
#endif
}

/// Whether the CPU has AVX2 and the OS saves its registers (XCR0 bits 1 and 2).
static int machine_has_avx2(void) { return machine_has(1u << 5, 0x6); }

/// Whether the CPU has AVX2 and AVX-512 F, BW and VL, and the OS saves the vector, mask and
/// 512-bit registers (XCR0 bits 1, 2 and 5 to 7).
static int machine_has_avx512(void) {
    const unsigned avx2 = 1u << 5, avx512f = 1u << 16, avx512bw = 1u << 30, avx512vl = 1u << 31;
    return machine_has(avx2 | avx512f | avx512bw | avx512vl, 0xE6);
}

int kernels_supports(KernelISA isa) {
    switch (isa) {
    case KernelISAPortable: return 1;
    case KernelISAAVX2: return machine_has_avx2();
    case KernelISAAVX512: return machine_has_avx512();
    }
    return 0;
}

/// The copy for `isa`, which the machine must support (so an x86-64 set is never asked for
/// elsewhere; the portable copy stands in for it there).
static const KernelCopy *kernel_copy(KernelISA isa) {
    static const KernelCopy portable = KERNEL_COPY(portable);
#if defined(__x86_64__)
    static const KernelCopy avx2 = KERNEL_COPY(avx2), avx512 = KERNEL_COPY(avx512);
    switch (isa) {
    case KernelISAPortable: return &portable;
    case KernelISAAVX2: return &avx2;
    case KernelISAAVX512: return &avx512;
    }
#endif
    (void)isa;
    return &portable;
}

ptrdiff_t confetti_step_rows(KernelISA isa, ConfettiStepColumns columns, ptrdiff_t count,
                             const float *phaseCos, const float *phaseSin, const ConfettiStepConstants *constants) {
    return kernel_copy(isa)->stepRows(columns, count, phaseCos, phaseSin, constants);
}

void confetti_render_rows(KernelISA isa, ConfettiRenderColumns columns, ptrdiff_t count, void *records) {
    kernel_copy(isa)->renderRows(columns, count, records);
}

void confetti_render_listed_rows(KernelISA isa, ConfettiRenderColumns columns, const ptrdiff_t *rows,
                                 ptrdiff_t count, ptrdiff_t first, void *records) {
    kernel_copy(isa)->renderListedRows(columns, rows, count, first, records);
}

ptrdiff_t confetti_step_render_rows(KernelISA isa, ConfettiStepColumns columns, const float *size,
                                    ptrdiff_t count, const float *phaseCos, const float *phaseSin,
                                    const ConfettiStepConstants *constants, void *records) {
    return kernel_copy(isa)->stepRenderRows(columns, size, count, phaseCos, phaseSin, constants, records);
}

void rect_batch_fill(KernelISA isa, uint32_t *canvas, ptrdiff_t width, ptrdiff_t rowBegin,
                         ptrdiff_t rowEnd, const RectSpans *rects, const uint32_t *order, ptrdiff_t count) {
    kernel_copy(isa)->fillRects(canvas, width, rowBegin, rowEnd, rects, order, count);
}

ptrdiff_t rect_batch_prepare(KernelISA isa, RectColumns columns, ptrdiff_t first, ptrdiff_t count,
                                 ptrdiff_t width, ptrdiff_t height, ptrdiff_t rowsPerBand, RectSpans *spans,
                                 uint32_t *bandRanges, ptrdiff_t *bandCounts, int32_t *bounds) {
    return kernel_copy(isa)->prepareRects(columns, first, count, width, height, rowsPerBand, spans, bandRanges,
                                          bandCounts, bounds);
}
