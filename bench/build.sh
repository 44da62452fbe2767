#!/usr/bin/env bash
# Times `sitegen build` (release) on generated lists of 1k, 10k and 100k stories (one JSON array
# file each) and prints a Markdown table: wall time and peak RSS, best of 3 runs. The output goes
# to a fresh folder under $BENCH_DIR (default: a temporary folder) each run; use a RAM disk
# (BENCH_DIR=/dev/shm/bench) to measure sitegen rather than the disk's file creation.
# Usage: bash bench/build.sh [counts...]
set -euo pipefail
cd "$(dirname "$0")/.."
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(1000 10000 100000)
swift build -c release --product sitegen >/dev/null
bin=.build/release/sitegen
dir=${BENCH_DIR:-$(mktemp -d)}
mkdir -p "$dir"
command -v /usr/bin/time >/dev/null || { echo "needs GNU time (apt-get install time)"; exit 1; }
echo "| stories | source | wall (best of 3) | peak RSS |"
echo "| ---: | --- | ---: | ---: |"
for n in "${counts[@]}"; do
  src="$dir/stories-$n.json"
  [ -f "$src" ] || "$bin" generate --count "$n" --seed 1 --format json --output "$src" >/dev/null
  best=""; rss=""
  for run in 1 2 3; do
    out="$dir/out-$n-$run"
    rm -rf "$out"
    /usr/bin/time -f "%e %M" -o "$dir/time" "$bin" build --source "$src" --output "$out" >/dev/null
    read -r wall kb < "$dir/time"
    if [ -z "$best" ] || awk "BEGIN{exit !($wall < $best)}"; then best=$wall; rss=$kb; fi
    rm -rf "$out"
  done
  echo "| $n | JSON array | ${best} s | $((rss / 1024)) MiB |"
done
