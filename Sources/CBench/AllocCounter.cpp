// Allocation counter: the executable's own malloc family, forwarding to glibc's
// implementation and counting calls while enabled. Defined in the executable, these
// symbols take precedence over libc's for every library in the process.
#include "CBench.h"

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <cstring>

#ifdef __GLIBC__

extern "C" {
void *__libc_malloc(size_t size);
void *__libc_calloc(size_t count, size_t size);
void *__libc_realloc(void *pointer, size_t size);
void *__libc_memalign(size_t alignment, size_t size);
void __libc_free(void *pointer);
}

namespace {

std::atomic<bool> counting{false};
std::atomic<uint64_t> allocations{0};

inline void note_allocation() {
    if (counting.load(std::memory_order_relaxed)) {
        allocations.fetch_add(1, std::memory_order_relaxed);
    }
}

/// Valgrind preloads its own allocator hooks; counting is then left to valgrind's tools.
bool under_valgrind() {
    const char *preload = getenv("LD_PRELOAD");
    return preload != nullptr && strstr(preload, "vgpreload") != nullptr;
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

void cbench_alloc_counting_begin(void) {
    allocations.store(0, std::memory_order_relaxed);
    counting.store(!under_valgrind(), std::memory_order_seq_cst);
}

uint64_t cbench_alloc_count_end(void) {
    counting.store(false, std::memory_order_seq_cst);
    return allocations.load(std::memory_order_relaxed);
}

} // extern "C"

#else

extern "C" int cbench_alloc_counting_available(void) { return 0; }
extern "C" void cbench_alloc_counting_begin(void) {}
extern "C" uint64_t cbench_alloc_count_end(void) { return 0; }

#endif
