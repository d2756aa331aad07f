#!/usr/bin/env bash
# Measures engine strength: our engine against YaneuraOu's material edition (docs/results.md, "Engine strength
# against YaneuraOu-material"). YaneuraOu is not part of this project: build it yourself from its public
# repository (source/Makefile: `make normal YANEURAOU_EDITION=YANEURAOU_ENGINE_MATERIAL TARGET_CPU=AVX2
# COMPILER=g++`) and pass the binary. Both engines: one thread, 64 MB hash, the same byoyomi per move, no
# book; colour-swapped pairs from the held-out floodgate lines (24 plies, experiments/holdout-floodgate.usi).
# Usage: experiments/vs-yaneuraou.sh YANEURAOU_BINARY [GAMES] [BYOYOMI_MS] [OUT_DIR]
# Games run on embedded workers, CONCURRENCY (default 2) at once; one engine thinks per game at a time.
# Give the match the machine: nothing else should run (or run it at a higher priority than the rest).
set -euo pipefail
YO=${1:?usage: experiments/vs-yaneuraou.sh YANEURAOU_BINARY [GAMES] [BYOYOMI_MS] [OUT_DIR]}
GAMES=${2:-200}
BYO=${3:-200}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${4:-$ROOT/experiments/out-vs-yaneuraou}
YO=$(cd "$(dirname "$YO")" && pwd)/$(basename "$YO")
[ -x "$YO" ] || { echo "vs-yaneuraou: $YO is not an executable" >&2; exit 2; }
START=$(date +%s)
"$ROOT/joseki" tournament --concurrency "${CONCURRENCY:-2}" --progress \
  --engine "name=joseki builtin option.Threads=1 option.USI_Hash=64 byoyomi=$BYO" \
  --engine "name=yaneuraou-material cmd=$YO option.BookFile=no_book option.Threads=1 option.USI_Hash=64 byoyomi=$BYO" \
  --openings "$ROOT/experiments/holdout-floodgate.usi" --openings-order sequential --games "$GAMES" --out "$OUT"
echo "vs-yaneuraou: $GAMES games in $(( $(date +%s) - START )) s; report in $OUT/report.md" >&2
