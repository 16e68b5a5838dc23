#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ (with AddressSanitizer, in the scratch path
# .build-fuzz) and fuzzes each for a while.
#
#   scripts/fuzz.sh [png-decode|result-file|event-payload|tile-save|host-frame|world-snapshot|ffmpeg-decode|all] [seconds per target, default 30]
#
# Each target first replays its committed crash inputs (Fuzz/Regressions/<target>/), then
# fuzzes from its seeds (Fuzz/Corpus/<target>/, read only) and a working corpus kept in
# .build-fuzz/corpus/<target>/. Exits non-zero on any crash, leak, timeout or out-of-memory;
# the input that caused it is left in .build-fuzz/artifacts/<target>/ and printed.
# FUZZ_SEED=N fixes libFuzzer's random seed (CI uses 1, so a run repeats the same mutations).
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(png-decode result-file event-payload tile-save host-frame world-snapshot ffmpeg-decode)
usage() { echo "usage: scripts/fuzz.sh [png-decode|result-file|event-payload|tile-save|host-frame|world-snapshot|ffmpeg-decode|all] [seconds]" >&2; exit 1; }
[ $# -le 2 ] || usage
which=${1:-all}
seconds=${2:-30}
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz.sh: seconds must be a positive whole number, got '$seconds'" >&2; exit 1; }
if [ "$which" = all ]; then
    selected=("${targets[@]}")
else
    [[ " ${targets[*]} " == *" $which "* ]] || usage
    selected=("$which")
fi

# The executable of a target: png-decode -> FuzzPNGDecode.
executable() {
    case "$1" in
        png-decode) echo FuzzPNGDecode ;;
        result-file) echo FuzzResultFile ;;
        event-payload) echo FuzzEventPayload ;;
        tile-save) echo FuzzTileSave ;;
        host-frame) echo FuzzHostFrame ;;
        world-snapshot) echo FuzzWorldSnapshot ;;
        ffmpeg-decode) echo FuzzFFmpegDecode ;;
    esac
}

for target in "${selected[@]}"; do
    swift build --package-path Fuzz --scratch-path .build-fuzz -c release \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --product "$(executable "$target")"
done

# The Swift backtracer would spend minutes on each crash; libFuzzer prints its own trace.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
failed=0
for target in "${selected[@]}"; do
    binary=.build-fuzz/release/$(executable "$target")
    corpus=.build-fuzz/corpus/$target
    artifacts=.build-fuzz/artifacts/$target
    mkdir -p "$corpus" "$artifacts"
    regressions=(Fuzz/Regressions/"$target"/*)
    if [ -e "${regressions[0]}" ]; then
        echo "fuzz.sh: $target: replaying ${#regressions[@]} regression input(s)"
        if ! "$binary" -timeout=10 -rss_limit_mb=2048 "${regressions[@]}"; then
            echo "fuzz.sh: $target: a regression input fails again" >&2
            failed=1
            continue
        fi
    fi
    echo "fuzz.sh: $target: fuzzing for $seconds s"
    if ! "$binary" ${FUZZ_SEED:+-seed="$FUZZ_SEED"} -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$artifacts/" "$corpus" "Fuzz/Corpus/$target"; then
        echo "fuzz.sh: $target: failed; crash input(s):" >&2
        ls -1 "$artifacts"/* >&2 || true
        failed=1
    fi
done
exit "$failed"
