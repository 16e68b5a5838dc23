// Allocation counter: the executable's own malloc family, forwarding to glibc's
// implementation and counting calls while enabled. Defined in the executable, these
// symbols take precedence over libc's for every library in the process.
#include "CBench.h"

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <cstring>

// A sanitizer owns the malloc family itself: counting is then unavailable.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define CBENCH_SANITIZED 1
#endif
#endif

#if defined(__GLIBC__) && !defined(CBENCH_SANITIZED)

extern "C" {
void *__libc_malloc(size_t size);
void *__libc_calloc(size_t count, size_t size);
void *__libc_realloc(void *pointer, size_t size);
void *__libc_memalign(size_t alignment, size_t size);
void __libc_free(void *pointer);
}

namespace {

/// Valgrind preloads its own allocator hooks; counting is then left to valgrind's tools.
bool under_valgrind() {
    const char *preload = getenv("LD_PRELOAD");
    return preload != nullptr && strstr(preload, "vgpreload") != nullptr;
}

enum Mode : int { off = 0, all_threads = 1, one_thread = 2 };

std::atomic<int> mode{off};
std::atomic<uint64_t> allocations{0};
// Initial-exec TLS needs no allocation on first access, so reading it inside malloc is safe.
__attribute__((tls_model("initial-exec"))) thread_local bool counted_thread = false;

inline void note_allocation() {
    int current = mode.load(std::memory_order_relaxed);
    if (current == all_threads || (current == one_thread && counted_thread)) {
        allocations.fetch_add(1, std::memory_order_relaxed);
    }
}

void begin(Mode requested) {
    allocations.store(0, std::memory_order_relaxed);
    counted_thread = true;
    mode.store(under_valgrind() ? off : requested, std::memory_order_seq_cst);
}

} // namespace

extern "C" {

void *malloc(size_t size) {
    note_allocation();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    note_allocation();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    note_allocation();
    return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
    note_allocation();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    note_allocation();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) {
        return EINVAL;
    }
    note_allocation();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == nullptr) {
        return ENOMEM;
    }
    *result = pointer;
    return 0;
}

int cbench_alloc_counting_available(void) { return under_valgrind() ? 0 : 1; }

void cbench_alloc_counting_begin(void) { begin(all_threads); }

void cbench_alloc_counting_begin_this_thread(void) { begin(one_thread); }

uint64_t cbench_alloc_count_end(void) {
    mode.store(off, std::memory_order_seq_cst);
    counted_thread = false;
    return allocations.load(std::memory_order_relaxed);
}

} // extern "C"

#else

extern "C" int cbench_alloc_counting_available(void) { return 0; }
extern "C" void cbench_alloc_counting_begin(void) {}
extern "C" void cbench_alloc_counting_begin_this_thread(void) {}
extern "C" uint64_t cbench_alloc_count_end(void) { return 0; }

#endif
