#!/usr/bin/env bash
# Checks what depending on this package costs a user: a fresh package that depends on it by path
# and imports one product resolves at most 2 packages (its Package.resolved pins) for `ECS`,
# `Systems` and `BenchKit`, and none of the remote host's (Hummingbird, SwiftNIO), which only the
# `RemoteHost` trait brings; with that trait enabled on the dependency, they do resolve.
# Resolution only (no build), in a temporary folder that is removed afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# user PRODUCT [TRAITS]: resolves a user package of PRODUCT and prints its pins, one a line.
user() {
    local product=$1 traits=${2:-} dir="$work/$1${2:+-traits}"
    mkdir -p "$dir/Sources/App"
    local dependency=".package(name: \"ecs-bench\", path: \"$root\")"
    [ -n "$traits" ] && dependency=".package(name: \"ecs-bench\", path: \"$root\", traits: [$traits])"
    cat > "$dir/Package.swift" <<EOF
// swift-tools-version:6.2
import PackageDescription
let package = Package(
    name: "User$product",
    platforms: [.macOS(.v15)],
    dependencies: [$dependency],
    targets: [.executableTarget(name: "App", dependencies: [.product(name: "$product", package: "ecs-bench")])]
)
EOF
    echo "import $product" > "$dir/Sources/App/main.swift"
    (cd "$dir" && swift package resolve > resolve.log 2>&1) || { cat "$dir/resolve.log" >&2; exit 1; }
    if [ -f "$dir/Package.resolved" ]; then
        python3 -c 'import json, sys; [print(p["identity"]) for p in json.load(open(sys.argv[1]))["pins"]]' "$dir/Package.resolved"
    fi
}

status=0
for product in ECS Systems BenchKit; do
    pins=$(user "$product")
    count=$(grep -c . <<<"$pins" || true)
    if [ "$count" -gt 2 ] || grep -qE 'hummingbird|swift-nio' <<<"$pins"; then
        echo "FAIL import $product: $count pins: $(tr '\n' ' ' <<<"$pins")" >&2
        status=1
    else
        echo "ok   import $product: $count pins: $(tr '\n' ' ' <<<"$pins")"
    fi
done

pins=$(user HostRemote '"RemoteHost"')
if grep -q '^hummingbird$' <<<"$pins"; then
    echo "ok   import HostRemote with the RemoteHost trait: $(grep -c . <<<"$pins") pins, Hummingbird among them"
else
    echo "FAIL import HostRemote with the RemoteHost trait: Hummingbird not resolved: $(tr '\n' ' ' <<<"$pins")" >&2
    status=1
fi
exit $status
