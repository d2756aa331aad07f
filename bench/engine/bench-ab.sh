#!/usr/bin/env bash
# Engine speed of two builds in the same run, interleaved, so that the machine's own variations hit both:
#   bench/engine/bench-ab.sh OLD_ROOT NEW_ROOT [PAIRS]
# OLD_ROOT and NEW_ROOT are checkouts built with `mvn -DskipTests package` (e.g. `git worktree add /tmp/old
# 5db80da`). Each JVM runs `bench --repeat 3` with the JVM flags its own ./joseki launcher uses, and the last
# line (nodes, nodes/s over search time) of each is printed.
set -euo pipefail
OLD=${1:?old checkout}; NEW=${2:?new checkout}; PAIRS=${3:-5}
flags() { grep -q UseTransparentHugePages "$1/joseki" && echo "-XX:+UseTransparentHugePages" || true; }
for i in $(seq "$PAIRS"); do
  for side in OLD NEW; do
    root=${!side}
    # shellcheck disable=SC2046
    line=$(java $(flags "$root") -cp "$root/cli/target/joseki-cli.jar:$root/cli/target/lib/*" dev.joseki.cli.Main \
      bench --repeat 3 2>&1 | tail -1)
    echo "pair $i $side $line"
  done
done
