#!/usr/bin/env bash
# Self-play throughput: games per hour with W worker processes (one game at a time each) on one host.
#   selfplay-worker/bench/selfplay-bench.sh WORKERS GAMES [NODES]
# Starts a temporary broker and W `./joseki worker --concurrency 1` processes, then times
# `./joseki selfplay --games GAMES --nodes NODES --wait` from publishing to the last committed record.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
WORKERS=${1:?workers}; GAMES=${2:?games}; NODES=${3:-10000}
"$ROOT/joseki" --version >/dev/null        # builds if needed
CP="$ROOT/cli/target/joseki-cli.jar:$ROOT/cli/target/lib/*"
TMP="$(mktemp -d)"
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$TMP"; }
trap cleanup EXIT
java -Djoseki.broker.home="$ROOT/broker" -cp "$CP" dev.joseki.infra.KafkaBroker > "$TMP/broker.out" 2>&1 &
PIDS+=($!)
until grep -q '^bootstrap ' "$TMP/broker.out"; do sleep 0.2; done
BS="$(awk '/^bootstrap /{print $2}' "$TMP/broker.out")"
for i in $(seq 1 "$WORKERS"); do
  "$ROOT/joseki" worker --concurrency 1 --bootstrap-servers "$BS" --topic-prefix bench > "$TMP/worker-$i.log" 2>&1 &
  PIDS+=($!)
done
"$ROOT/joseki" selfplay --games "$GAMES" --nodes "$NODES" --random-plies 8 --seed 1 --wait \
  --bootstrap-servers "$BS" --topic-prefix bench --await-workers "$WORKERS"
