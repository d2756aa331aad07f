#!/usr/bin/env bash
# BuildsAB.java in several fresh JVMs, the two builds swapping which one is loaded first from run to run;
# prints each run's B/A time and their median:
#   bench/engine/builds-ab-median.sh MODE ROUNDS JVMS A_CLASSES B_CLASSES
# MODE, ROUNDS, A_CLASSES and B_CLASSES as for BuildsAB.java. Why: on the shared machine one BuildsAB run
# of a build against itself gave B/A 1.04 once and 0.77 another time (each class loader's code is compiled
# on its own, and the load moves the best round), so a single run cannot tell builds 10 % apart.
# Runs at nice 19 (NICE to change it), with the launcher's JIT flags.
set -euo pipefail
MODE=${1:?usage: builds-ab-median.sh MODE ROUNDS JVMS A_CLASSES B_CLASSES}; ROUNDS=${2:?rounds}; JVMS=${3:?jvms}
A=${4:?A classes}; B=${5:?B classes}; NICE=${NICE:-19}
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ratios=()
for i in $(seq "$JVMS"); do
  if (( i % 2 )); then first=$A; second=$B; else first=$B; second=$A; fi
  r=$(nice -n "$NICE" java -XX:+UseTransparentHugePages \
    "$HERE/BuildsAB.java" "$MODE" "$first" "$second" "$ROUNDS" | tail -1 | sed -E 's/.*B\/A time ([0-9.]+)/\1/')
  # BuildsAB reports second/first; turn it into B/A when B went first.
  (( i % 2 )) || r=$(awk -v r="$r" 'BEGIN { printf "%.3f", 1 / r }')
  ratios+=("$r")
done
median=$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }')
echo "$MODE B/A time per JVM: ${ratios[*]}; median $median"
