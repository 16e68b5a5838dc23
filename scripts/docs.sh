#!/usr/bin/env bash
# Builds the DocC catalog of every library product (Sources/<module>/<module>.docc) with warnings
# as errors, and fails on any warning.
#
# The public symbol graphs come from `swift package --enable-all-traits dump-symbol-graph`: it
# builds the debug configuration in .build with every trait (without the RemoteHost trait,
# HostRemote holds only placeholders), then extracts each module's graphs into
# .build/<triple>/symbolgraph, which it empties first. After CI's `swift test
# --enable-all-traits` that build compiles nothing of this package; SwiftPM writes the trait
# flags of the hummingbird package in an order that varies from run to run, so about every
# other run it recompiles HummingbirdCore and Hummingbird (about 10 s). `docc convert` then
# turns each catalog, with its module's graph and extension graphs (<module>@<other>.symbols.json),
# into .build-docs/<module>.doccarchive. Every catalog is converted even after one fails, so one
# run lists every warning; the log of each conversion is .build-docs/<module>.log. After CI's
# tests the script takes 20 to 30 s.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(ECS Platform Systems Render Confetti Tiles Audio Host HostExamples HostRemote BenchKit)
out=$PWD/.build-docs
rm -rf "$out"
mkdir -p "$out"

# dump-symbol-graph exits non-zero because it also extracts the C targets, which it cannot
# (it passes the package's C++ standard to their C modules); the graphs of the modules above
# must all be written.
swift package --enable-all-traits dump-symbol-graph --minimum-access-level public \
    --emit-extension-block-symbols > "$out/symbol-graphs.log" 2>&1 || true
graphs=$(sed -n 's/^Files written to //p' "$out/symbol-graphs.log")
missing=()
for module in "${modules[@]}"; do
    if [ -z "$graphs" ] || [ ! -f "$graphs/$module.symbols.json" ] ||
        grep -q "Failed to emit symbol graph for '$module'" "$out/symbol-graphs.log"; then
        missing+=("$module")
    fi
done
if [ ${#missing[@]} -gt 0 ]; then
    cat "$out/symbol-graphs.log" >&2
    echo "docs: no symbol graph for ${missing[*]}" >&2
    exit 1
fi

failed=()
for module in "${modules[@]}"; do
    mkdir -p "$out/graphs-$module"
    cp "$graphs/$module.symbols.json" "$out/graphs-$module/"
    find "$graphs" -name "$module@*.symbols.json" -exec cp {} "$out/graphs-$module/" \;
    if ! docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$out/graphs-$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.ecs-bench.$module" \
        --warnings-as-errors --output-path "$out/$module.doccarchive" > "$out/$module.log" 2>&1; then
        cat "$out/$module.log" >&2
        failed+=("$module")
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "docs: warnings in the catalogs of ${failed[*]}" >&2
    exit 1
fi
echo "docs: ${modules[*]} built without warnings in $out" >&2
