#!/usr/bin/env bash
# Checks the example a user copies, as a user's CI would run it: builds Examples/GameBench (a
# separate package on BenchKit) in release, runs the bench commands of the `run:` steps of
# docs/examples/bench.yml in it as written, then the exit statuses docs/ci.md promises (0 pass,
# 2 budget miss or regression, 1 bad input) and the other subcommands on its result files.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh python3-yaml
root=$(pwd)
cd Examples/GameBench

# The workflow's bench steps, in order (the checkout, install and publish steps are GitHub's).
mapfile -t steps < <(python3 - "$root/docs/examples/bench.yml" <<'PY'
import sys, yaml
workflow = yaml.safe_load(open(sys.argv[1]))
for job in workflow["jobs"].values():
    for step in job["steps"]:
        run = step.get("run", "")
        if "game-bench" in run:
            print(run.strip())
PY
)
[ "${#steps[@]}" -ge 3 ] || { echo "ci-example: expected the build, budget and gate steps in bench.yml" >&2; exit 1; }
for step in "${steps[@]}"; do
    echo "ci-example: $step" >&2
    bash -c "$step"
done
python3 -c 'import json; rows = json.load(open("bench.json")); assert {r["name"].split("/")[0] for r in rows} >= {"game.app", "game.loop"}, rows'

expect_status() {
    local want=$1 what=$2
    shift 2
    local got=0
    "$@" > /dev/null 2> ci-example.err || got=$?
    if [ "$got" -ne "$want" ]; then
        echo "ci-example: $what: exit $got, expected $want" >&2
        cat ci-example.err >&2
        exit 1
    fi
    echo "ci-example: $what: exit $got" >&2
}
bench=.build/release/game-bench
expect_status 1 "an option out of range" $bench --bodies 0
expect_status 1 "an unknown option" $bench --boards 3
expect_status 2 "a budget no frame fits" $bench --fps 100000 --frames 30 --no-save
results=$(mktemp -d)
$bench --frames 60 --warmup 10 --output "$results/a" --quiet > /dev/null
$bench --frames 60 --warmup 10 --output "$results/b" --quiet > /dev/null
expect_status 0 "compare of two runs" $bench compare "$results"/a/*.json "$results"/b/*.json
expect_status 0 "history with a plot" $bench history "$results"/a/*.json "$results"/b/*.json --plot "$results/history.png"
expect_status 0 "capacity" $bench capacity --scenario game.loop --frames 20 --warmup 2 --max-probes 3 --time-limit 20
expect_status 0 "the bencher export" $bench --frames 20 --format bencher --no-save
rm -rf "$results" ci-example.err bench.json results
echo "ci-example: the example package passes its workflow and every exit status" >&2
