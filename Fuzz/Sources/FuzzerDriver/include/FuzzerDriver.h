#ifndef FUZZER_DRIVER_H
#define FUZZER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with the command line `argc`/`argv` on `test_one_input`, as libFuzzer's own
/// `main` would. SwiftPM renames an executable target's entry point to `<Target>_main` and
/// aliases `main` to it, so each fuzz target's entry point calls this instead.
int fuzzer_driver_run(int argc, char **argv, int (*test_one_input)(const uint8_t *data, size_t size));

/// libFuzzer's own mutation of `data` (`size` bytes in a buffer of `max_size`); returns the new
/// size. For custom mutators that repair what a blind mutation breaks.
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

#endif
