#include "ECSReference.h"

void ecsref_count_added(ecsref_tally *tally, uint64_t entity, const float *value) {
    (void)entity;
    (void)value;
    tally->added += 1;
}

void ecsref_count_removed(ecsref_tally *tally, uint64_t entity, const float *value) {
    (void)entity;
    (void)value;
    tally->removed += 1;
}

void ecsref_call_each(ecsref_callback on_add, ecsref_callback on_remove, ecsref_tally *tally,
                      const uint64_t *entities, const float *values, int64_t count) {
    for (int64_t i = 0; i < count; i++) on_add(tally, entities[i], &values[i]);
    for (int64_t i = 0; i < count; i++) on_remove(tally, entities[i], &values[i]);
}
