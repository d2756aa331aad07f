#!/usr/bin/env bash
# Measures engine strength: our engine against YaneuraOu's material edition (docs/results.md, "Engine strength
# against YaneuraOu-material"). YaneuraOu is not part of this project: the peer is YaneuraOu's material
# edition (level 1, or MATERIAL_LEVEL=9 for its strongest hand-made evaluation), built as that project's own
# instructions say (https://github.com/yaneurao/YaneuraOu and its documentation); pass the binary's path. Both
# engines: one thread, 64 MB hash, the same limit or clock, no book; colour-swapped pairs from the held-out
# floodgate lines (24 plies, experiments/holdout-floodgate.usi).
# Usage: experiments/vs-yaneuraou.sh YANEURAOU_BINARY [GAMES] [LIMIT] [OUT_DIR]
#   LIMIT: a number is a byoyomi per move in ms (default 200, no clock); or a time control on the referee's
#   clock, e.g. tc=10+0.1 or "tc=60 byoyomi=1000" (docs/time-controls.md).
# Games run on embedded workers, CONCURRENCY (default 2) at once; one engine thinks per game at a time, so
# two games fit two cores. Give the match the machine: nothing else should run while clocks tick.
# Extra tournament options (e.g. --time-margin 50, --name ID) may follow in TOURNAMENT_ARGS, and more of
# YaneuraOu's options in YO_OPTIONS: on a millisecond clock give it YO_OPTIONS=option.RoundUpToFullSecond=false
# (by default it thinks up to the next whole second, as a server that counts whole seconds allows; on a
# short clock that loses on time: docs/results.md, "On a clock").
set -euo pipefail
YO=${1:?usage: experiments/vs-yaneuraou.sh YANEURAOU_BINARY [GAMES] [LIMIT] [OUT_DIR]}
GAMES=${2:-200}
LIMIT=${3:-200}
case "$LIMIT" in
  *[!0-9]*) ;;
  *) LIMIT="byoyomi=$LIMIT" ;;
esac
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${4:-$ROOT/experiments/out-vs-yaneuraou}
YO=$(cd "$(dirname "$YO")" && pwd)/$(basename "$YO")
[ -x "$YO" ] || { echo "vs-yaneuraou: $YO is not an executable" >&2; exit 2; }
START=$(date +%s)
# shellcheck disable=SC2086 # TOURNAMENT_ARGS is a list of options
"$ROOT/joseki" tournament --concurrency "${CONCURRENCY:-2}" --progress \
  --engine "name=joseki builtin option.Threads=1 option.USI_Hash=64 $LIMIT" \
  --engine "name=yaneuraou-material cmd=$YO option.BookFile=no_book option.Threads=1 option.USI_Hash=64 ${YO_OPTIONS:-} $LIMIT" \
  --openings "$ROOT/experiments/holdout-floodgate.usi" --openings-order sequential --games "$GAMES" \
  --out "$OUT" ${TOURNAMENT_ARGS:-}
echo "vs-yaneuraou: $GAMES games in $(( $(date +%s) - START )) s; report in $OUT/report.md" >&2
