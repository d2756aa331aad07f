#!/usr/bin/env bash
# Self-play throughput: games per hour with W worker processes (one game at a time each) on one host.
#   bench/selfplay/selfplay-bench.sh WORKERS GAMES [NODES | tc=MAIN[+INC]]
# A number is a node count per move (default 10000); tc=… plays on the referee's clock (--tc,
# docs/time-controls.md), one clocked game per worker process, so WORKERS must not exceed the cores.
# Starts a temporary broker and W `./joseki worker --concurrency 1` processes, then times
# `./joseki selfplay --games GAMES --nodes NODES --wait` from publishing to the last committed record.
# Then prints the workers' CPU time (user + system, from /proc), a figure that other load on the machine
# does not change: 3600 / cpu_seconds_per_game is what one idle core would do per hour.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
WORKERS=${1:?workers}; GAMES=${2:?games}; NODES=${3:-10000}
case "$NODES" in
  tc=*) LIMIT=(--tc "${NODES#tc=}") ;;
  *) LIMIT=(--nodes "$NODES") ;;
esac
"$ROOT/joseki" --version >/dev/null        # builds if needed
CP="$ROOT/cli/target/joseki-cli.jar:$ROOT/cli/target/lib/*"
TMP="$(mktemp -d)"
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$TMP"; }
trap cleanup EXIT
java -Djoseki.broker.home="$ROOT/broker" -cp "$CP" dev.joseki.broker.KafkaBroker > "$TMP/broker.out" 2>&1 &
PIDS+=($!); BPID=$!
until grep -q '^bootstrap ' "$TMP/broker.out"; do sleep 0.2; done
BS="$(awk '/^bootstrap /{print $2}' "$TMP/broker.out")"
WPIDS=()
for i in $(seq 1 "$WORKERS"); do
  "$ROOT/joseki" worker --concurrency 1 --bootstrap-servers "$BS" --topic-prefix bench > "$TMP/worker-$i.log" 2>&1 &
  PIDS+=($!); WPIDS+=($!)      # the launcher execs java: same pid
done
# The broker launcher runs Kafka as its child process.
bcpu() { local t=0; for p in "$BPID" $(pgrep -P "$BPID"); do t=$((t + $(awk '{print $14 + $15}' "/proc/$p/stat"))); done; echo "$t"; }
cpu() { local t=0; for p in "${WPIDS[@]}"; do t=$((t + $(awk '{print $14 + $15}' "/proc/$p/stat"))); done; echo "$t"; }
# CPU before publishing (JVM start, group join) is not part of playing.
until grep -q "assigned" "$TMP/worker-$WORKERS.log" 2>/dev/null; do sleep 0.2; done
"$ROOT/joseki" selfplay --games "$GAMES" "${LIMIT[@]}" --random-plies 8 --seed 1 --wait \
  --bootstrap-servers "$BS" --topic-prefix bench --await-workers "$WORKERS" | tee "$TMP/selfplay.out" &
SP=$!
sleep 0.5; CPU0=$(cpu); B0=$(bcpu)
wait "$SP"
CPU1=$(cpu); HZ=$(getconf CLK_TCK); B1=$(bcpu)
awk -v b=$((B1 - B0)) -v hz="$HZ" 'BEGIN { printf "broker_cpu_seconds %.1f\n", b/hz }'
awk -v c=$((CPU1 - CPU0)) -v hz="$HZ" -v g="$GAMES" \
  'BEGIN { printf "worker_cpu_seconds %.1f cpu_seconds_per_game %.2f games_per_core_hour %.0f\n", c/hz, c/hz/g, 3600*g*hz/c }'
# Where the workers' CPU went, by thread name (the game threads versus JIT, GC and Kafka client threads).
for p in "${WPIDS[@]}"; do
  for t in /proc/"$p"/task/*; do
    printf '%s\t%s\n' "$(tr ' ' '_' < "$t/comm")" "$(awk '{print $14 + $15}' "$t/stat")"
  done
done | sed -E 's/[0-9]+\t/\t/' | awk -F'\t' -v hz="$HZ" '{s[$1] += $2} END {for (k in s) if (s[k] > 0) printf "thread_cpu_seconds %s %.1f\n", k, s[k]/hz}' \
  | sort -k3 -n -r | head -6 | awk '{printf "%s%s=%s", (NR > 1 ? " " : "threads_cpu_seconds "), $2, $3} END {print ""}'
