#!/usr/bin/env bash
# Builds the DocC catalogs of ECS and BenchKit (Sources/<module>/<module>.docc) with warnings as
# errors: each module's public symbol graph, from a build of its own in .build-docs, then
# `docc convert`. The archives are left in .build-docs/<module>.doccarchive.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$PWD/.build-docs
rm -rf "$out"
mkdir -p "$out/graphs"
for module in ECS BenchKit; do
    swift build --scratch-path "$out/build" --target "$module" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$out/graphs" > "$out/build-$module.log" 2>&1 ||
        { cat "$out/build-$module.log" >&2; exit 1; }
done
for module in ECS BenchKit; do
    graphs="$out/graphs-$module"
    mkdir -p "$graphs"
    cp "$out/graphs/$module.symbols.json" "$graphs/"
    find "$out/graphs" -name "$module@*.symbols.json" -exec cp {} "$graphs/" \;
    docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$graphs" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.ecs-bench.$module" \
        --warnings-as-errors --output-path "$out/$module.doccarchive"
done
echo "docs: ECS and BenchKit built without warnings in $out" >&2
