#include "ECSReference.h"

#pragma STDC FP_CONTRACT OFF

ecsref_affine ecsref_compose(ecsref_affine p, ecsref_affine l) {
    ecsref_affine r;
    r.a = p.a * l.a + p.c * l.b;
    r.b = p.b * l.a + p.d * l.b;
    r.c = p.a * l.c + p.c * l.d;
    r.d = p.b * l.c + p.d * l.d;
    r.tx = p.a * l.tx + p.c * l.ty + p.tx;
    r.ty = p.b * l.tx + p.d * l.ty + p.ty;
    return r;
}

void ecsref_propagate(const ecsref_affine *local, ecsref_affine *global, const int32_t *parent, int64_t count) {
    for (int64_t i = 0; i < count; i++) {
        global[i] = parent[i] < 0 ? local[i] : ecsref_compose(global[parent[i]], local[i]);
    }
}
