#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Runs one frame of a workload; `ctx` is the context given at registration.
typedef void (*cbench_frame_fn)(void *ctx);

/// Registers a benchmark named `name` whose body calls `fn(ctx)` once per iteration.
///
/// `iterations` > 0 fixes the iteration count (Google Benchmark's `Iterations`), 0 lets
/// Google Benchmark choose. `items_per_iteration` > 0 reports `items_per_second`.
/// The name is copied; `ctx` must stay valid until `cbench_run` returns.
/// Returns 0 on success, -1 when `name` or `fn` is null or `iterations` is negative.
int cbench_register(const char *name, cbench_frame_fn fn, void *ctx, int64_t iterations,
                    int64_t items_per_iteration);

/// Runs the registered benchmarks with Google Benchmark's own flags (`--benchmark_*`),
/// printing its console report and writing `--benchmark_out` when given.
/// `argv[0]` is the program name. Returns 0 on success, 1 on unknown flags or failure.
int cbench_run(int argc, char **argv);

/// Calls `fn(ctx)` exactly `frames` times. Kept out of line so that profilers can
/// restrict collection to this function (callgrind `--toggle-collect=cbench_run_frames`).
void cbench_run_frames(cbench_frame_fn fn, void *ctx, int64_t frames);

/// Whether the allocation counter is active in this process (glibc, not under valgrind).
int cbench_alloc_counting_available(void);

/// Resets the allocation counter and starts counting allocations on every thread
/// (for workloads that spread a frame over threads).
void cbench_alloc_counting_begin(void);

/// Resets the allocation counter and starts counting allocations on the calling thread only.
void cbench_alloc_counting_begin_this_thread(void);

/// Stops counting and returns the allocations (malloc, calloc, realloc, posix_memalign,
/// aligned_alloc, memalign) made since `cbench_alloc_counting_begin`.
uint64_t cbench_alloc_count_end(void);

#ifdef __cplusplus
}
#endif
