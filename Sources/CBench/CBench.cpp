// Google Benchmark registration and runner behind the C header.
#include "CBench.h"

#include <benchmark/benchmark.h>

extern "C" int cbench_register(const char *name, cbench_frame_fn fn, void *ctx,
                               int64_t iterations, int64_t items_per_iteration) {
    if (name == nullptr || fn == nullptr || iterations < 0) {
        return -1;
    }
    auto *bench = benchmark::RegisterBenchmark(
        name,
        [fn, ctx, items_per_iteration](benchmark::State &state) {
            for (auto _ : state) {
                fn(ctx);
            }
            if (items_per_iteration > 0) {
                state.SetItemsProcessed(state.iterations() * items_per_iteration);
            }
        });
    if (iterations > 0) {
        bench->Iterations(iterations);
    }
    bench->Unit(benchmark::kMicrosecond);
    return 0;
}

extern "C" int cbench_run(int argc, char **argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
        return 1;
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}

extern "C" __attribute__((noinline)) void cbench_run_frames(cbench_frame_fn fn, void *ctx,
                                                            int64_t frames) {
    for (int64_t i = 0; i < frames; ++i) {
        fn(ctx);
    }
}
