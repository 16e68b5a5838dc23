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

#ifdef __cplusplus
}
#endif
