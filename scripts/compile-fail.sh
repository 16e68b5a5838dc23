#!/usr/bin/env bash
# Checks that code which would race does not compile: every file in Tests/CompileFailures must
# be rejected by the type checker (against the debug ECS module) with the expected diagnostic.
# Exits 0 when every file is rejected as expected, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --enable-all-traits --target ECS >/dev/null
modules=.build/debug/Modules

# file:expected diagnostic (a substring of the compiler's error)
cases=(
    "Tests/CompileFailures/lost_update.swift:mutation of captured var 'sum' in concurrently-executing code"
)

status=0
for entry in "${cases[@]}"; do
    file=${entry%%:*}
    expected=${entry#*:}
    # The ECS module imports Platform, which imports the C module SIMDKernels: its module map
    # is in its build folder.
    if output=$(swiftc -typecheck -swift-version 6 -I "$modules" \
        -Xcc -fmodule-map-file=.build/debug/SIMDKernels.build/module.modulemap "$file" 2>&1); then
        echo "FAIL $file: compiled, but must be rejected ($expected)"
        status=1
    elif grep -qF "error: $expected" <<<"$output"; then
        echo "ok   $file: rejected: $expected"
    else
        echo "FAIL $file: rejected for another reason:"
        grep 'error:' <<<"$output" | head -5
        status=1
    fi
done
exit $status
