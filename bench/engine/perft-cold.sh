#!/usr/bin/env bash
# Perft from the start position in fresh JVMs, two builds alternating, each run timed on its own (JIT
# warm-up included, as `./joseki perft` measures it); prints each build's times and their medians:
#   bench/engine/perft-cold.sh A_CLASSES B_CLASSES [RUNS] [DEPTH]
# A_CLASSES / B_CLASSES: common/target/classes of two worktrees. JVM flags: the launcher's
# (JAVA_FLAGS to change them), so a flag can be compared too by giving the same classes twice with
# A_FLAGS / B_FLAGS.
set -euo pipefail
A=${1:?usage: perft-cold.sh A_CLASSES B_CLASSES [RUNS] [DEPTH]}; B=${2:?B classes}; RUNS=${3:-5}; DEPTH=${4:-6}
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
JAVA_FLAGS=${JAVA_FLAGS:--XX:+UseTransparentHugePages}
run() { java $JAVA_FLAGS $2 -cp "$1" "$HERE/PerftOnce.java" "$DEPTH" | awk '{ print $2 }'; }
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
ta=(); tb=()
for _ in $(seq "$RUNS"); do
  ta+=("$(run "$A" "${A_FLAGS:-}")"); tb+=("$(run "$B" "${B_FLAGS:-}")")
done
ma=$(median "${ta[@]}"); mb=$(median "${tb[@]}")
echo "perft $DEPTH ms A: ${ta[*]} (median $ma) B: ${tb[*]} (median $mb) B/A $(awk -v a="$ma" -v b="$mb" 'BEGIN { printf "%.3f", b / a }')"
