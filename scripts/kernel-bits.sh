#!/usr/bin/env bash
# Builds the C kernels (Sources/SIMDKernels) with their bit checks (Tests/KernelBits) for x86-64
# and for aarch64, unoptimised and optimised, runs the aarch64 builds under qemu, and requires
# every build to print the same bits: the confetti step and render, the rasteriser and the
# resampler on fixed inputs. On x86-64 each build also checks its AVX2 and AVX-512 paths
# against the 128-bit one where the machine has them; on aarch64 the 128-bit path is NEON.
# Installs clang's aarch64 sysroot and qemu's user mode when missing (Debian packages).
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/install-deps.sh qemu-user-static gcc-aarch64-linux-gnu libc6-dev-arm64-cross

cc=${CC:-clang}
out=.build-kernel-bits
mkdir -p "$out"
sources=(Sources/SIMDKernels/*.c Tests/KernelBits/kernel_bits.c)
flags=(-std=c11 -Wall -Wextra -Werror -I Sources/SIMDKernels/include -I Sources/SIMDKernels)

"$cc" -O2 "${flags[@]}" "${sources[@]}" -lm -o "$out/reference"
"$out/reference" > "$out/reference.txt"
status=0
for opt in -O0 -O2 -O3; do
    "$cc" "$opt" "${flags[@]}" "${sources[@]}" -lm -o "$out/x86_64$opt"
    "$cc" "$opt" --target=aarch64-linux-gnu "${flags[@]}" "${sources[@]}" -lm -o "$out/aarch64$opt"
    "$out/x86_64$opt" > "$out/x86_64$opt.txt"
    qemu-aarch64-static -L /usr/aarch64-linux-gnu "$out/aarch64$opt" > "$out/aarch64$opt.txt"
    for build in "x86_64$opt" "aarch64$opt"; do
        if ! diff -u "$out/reference.txt" "$out/$build.txt" > "$out/$build.diff"; then
            echo "kernel-bits: $build differs from x86-64 -O2:" >&2
            cat "$out/$build.diff" >&2
            status=1
        fi
    done
done
[ "$status" -eq 0 ] && echo "kernel-bits: x86-64 and aarch64 (qemu), -O0/-O2/-O3: the same bits" && cat "$out/reference.txt"
exit "$status"
