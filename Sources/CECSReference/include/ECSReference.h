#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A 2D affine transform: the linear part `[a c; b d]` and the translation `(tx, ty)`.
typedef struct {
    float a, b, c, d, tx, ty;
} ecsref_affine;

/// `parent` after `local`: the transform of a child whose own transform is `local` under a
/// parent whose world transform is `parent`. Each product is rounded as written (no fused
/// multiply-add), so another implementation of the same formula gets the same bits.
ecsref_affine ecsref_compose(ecsref_affine parent, ecsref_affine local);

/// The plain C walk of `bench ecs`'s `hierarchy` workload: for `i` in `0..<count`,
/// `global[i] = parent[i] < 0 ? local[i] : ecsref_compose(global[parent[i]], local[i])`.
/// The nodes are in parent-first order (`parent[i] < i`). Kept out of line, like the frame
/// of the Swift workload it is measured against.
void ecsref_propagate(const ecsref_affine *local, ecsref_affine *global, const int32_t *parent, int64_t count);

/// What the two callbacks of `bench ecs`'s `observe` workload count: the adds and the removals
/// they saw.
typedef struct {
    uint64_t added, removed;
} ecsref_tally;

/// A callback of a component change: the tally, the entity's id and the address of the value.
typedef void (*ecsref_callback)(ecsref_tally *tally, uint64_t entity, const float *value);

/// The `observe` workload's add observer: counts one add.
void ecsref_count_added(ecsref_tally *tally, uint64_t entity, const float *value);

/// The `observe` workload's remove observer: counts one removal.
void ecsref_count_removed(ecsref_tally *tally, uint64_t entity, const float *value);

/// The callbacks' own work of `observe`, without the changes that fire them: `on_add` for each
/// of the `count` entities and values, then `on_remove` for each, called through the pointers
/// the caller passes (so never inlined, as an observer's closure is not).
void ecsref_call_each(ecsref_callback on_add, ecsref_callback on_remove, ecsref_tally *tally,
                      const uint64_t *entities, const float *values, int64_t count);

#ifdef __cplusplus
}
#endif
