#!/usr/bin/env bash
# The paper's two tables on a book of real games (docs/results.md, "Real-game books"):
#   1. the real book: floodgate 2016 training lines (the default opening suite less its GNU Shogi lines),
#      GNU Shogi's book lines, the non-held-out whole games and GPSShogi's joseki book (experiments/corpus),
#      less every line that begins a held-out game;
#   2. Table 1: `book extension` on the held-out whole games (odd lines of experiments/corpus/games.usi);
#   3. Table 2: HQM vs NM, HM vs NM and HQCM vs HQM, each a fixed-length tournament of FIXED_GAMES games and
#      an SPRT beside it, colour-swapped pairs from the distinct first 12 plies of the held-out floodgate lines, both
#      players with the same book.
# Usage: experiments/real-book.sh SEED [OUT_DIR]     (sizes below can be overridden through the environment)
# Run it niced on a shared machine: nice -n 10 experiments/real-book.sh 1
set -euo pipefail
SEED=${1:?usage: experiments/real-book.sh SEED [OUT_DIR]}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${2:-$ROOT/experiments/out-real-$SEED}

# Source weights (whole numbers; each multiplies a source's counts). The whole games are the only records
# that go past ply 24 besides GPS, and most are professional: 3. GNU Shogi's lines are curated textbook
# joseki and professional openings: 2. Floodgate lines (strong computer play) and the GPS book, whose counts
# are already game counts of 25,037 games, count as they are: 1.
W_FLOODGATE=${W_FLOODGATE:-1}
W_GNUSHOGI=${W_GNUSHOGI:-2}
W_GAMES=${W_GAMES:-3}
W_GPS=${W_GPS:-1}
BOOK_MAX_PLY=${BOOK_MAX_PLY:-40}
T_NODES=${T_NODES:-500}              # nodes per move in the tournaments (see docs/archive/results-notebook.md for why)
FIXED_GAMES=${FIXED_GAMES:-1000}     # games per pairing at fixed length (FIXED_GAMES/2 openings, colours swapped)
SPRT_GAMES=${SPRT_GAMES:-500}        # cap of each SPRT: undecided after 500 games means between 0 and 50 Elo,
                                     # which the fixed-length tournament resolves better
SPRT=${SPRT:-elo0=0,elo1=50,alpha=0.05,beta=0.05}
OPENING_PLIES=${OPENING_PLIES:-12}
PAIRINGS=${PAIRINGS:-"HQM:NM HM:NM HQCM:HQM"}
TABLES=${TABLES-"1 2"}                # TABLES= builds the book only (experiments/book-value.sh does)

C="$ROOT/experiments/corpus"
J="$ROOT/joseki"
mkdir -p "$OUT/inputs"
OUT=$(cd "$OUT" && pwd)
IN="$OUT/inputs"
log() { echo "[$(date -u +%H:%M:%SZ)] $*" | tee -a "$OUT/log.txt" >&2; }
START=$(date +%s)
log "seed $SEED; commit $(git -C "$ROOT" rev-parse --short HEAD)$(git -C "$ROOT" diff --quiet HEAD || echo ' (dirty)');" \
    "weights floodgate $W_FLOODGATE, gnushogi $W_GNUSHOGI, games $W_GAMES, gps $W_GPS; max ply $BOOK_MAX_PLY;" \
    "tournaments at $T_NODES nodes, $FIXED_GAMES fixed + SPRT $SPRT (cap $SPRT_GAMES), $OPENING_PLIES-ply openings"
"$J" --help >/dev/null   # builds once, before anything runs

# 0. Inputs. The hold-out: odd lines of games.usi (Table 1) and the held-out floodgate lines (openings).
awk 'NR % 2 == 0' "$C/games.usi" >"$IN/games-book.usi"
awk 'NR % 2 == 1' "$C/games.usi" >"$IN/games-holdout.usi"
# GNU Shogi's book lines were cut from its professional games: a line that begins a held-out game (or any
# line of the book's inputs that does) is that game's opening and stays out of the book too.
not_holdout_prefix() {
  awk -v holdout="$IN/games-holdout.usi" 'BEGIN { while ((getline g < holdout) > 0) games[++n] = g " " }
      { for (i = 1; i <= n; i++) if (index(games[i], $0 " ") == 1) { dropped++; next } print }
      END { print dropped + 0 > "/dev/stderr" }'
}
grep '^startpos' "$C/gnushogi-lines.usi" | not_holdout_prefix >"$IN/gnushogi-book.usi" 2>"$IN/gnushogi-dropped.txt"
grep '^startpos' "$ROOT/play/src/main/resources/dev/joseki/play/default-openings.usi" \
    | grep -vxFf "$C/gnushogi-lines.usi" | not_holdout_prefix >"$IN/floodgate-train.usi" 2>"$IN/floodgate-dropped.txt"
grep '^startpos' "$ROOT/experiments/holdout-floodgate.usi" \
    | awk -v p="$OPENING_PLIES" '{ s = $1 " " $2; for (i = 3; i <= p + 2 && i <= NF; i++) s = s " " $i; if (!seen[s]++) print s }' \
    >"$IN/openings.usi"
# the hold-out must not reach the book: no held-out game or floodgate line among the book's inputs
if grep -qxFf "$IN/games-holdout.usi" "$IN/games-book.usi" "$IN/floodgate-train.usi" "$IN/gnushogi-book.usi" \
    || grep '^startpos' "$ROOT/experiments/holdout-floodgate.usi" | grep -qxFf - "$IN/floodgate-train.usi"; then
  log "a held-out record is among the book's inputs"; exit 1
fi
log "inputs: $(wc -l <"$IN/floodgate-train.usi") floodgate lines ($(cat "$IN/floodgate-dropped.txt") dropped)," \
    "$(wc -l <"$IN/gnushogi-book.usi") GNU Shogi lines ($(cat "$IN/gnushogi-dropped.txt") that begin held-out games dropped)," \
    "$(wc -l <"$IN/games-book.usi") whole games in the book, $(wc -l <"$IN/games-holdout.usi") held out," \
    "$(wc -l <"$IN/openings.usi") openings"

# 1. The real book.
SECONDS=0
"$J" book build --out "$OUT/book" --max-ply "$BOOK_MAX_PLY" --master 'local[2]' \
    --from "floodgate=$IN/floodgate-train.usi:$W_FLOODGATE" --from "gnushogi=$IN/gnushogi-book.usi:$W_GNUSHOGI" \
    --from "games=$IN/games-book.usi:$W_GAMES" --import-db "gps=$C/gps-joseki.db:$W_GPS" \
    2>"$OUT/book-build.err" | tee "$OUT/book-build.txt"
"$J" book stats --book "$OUT/book" | tee "$OUT/book-stats.txt"
log "book built in ${SECONDS}s"

# 2. Table 1 on the held-out whole games.
if [[ " $TABLES " == *" 1 "* ]]; then
  "$J" book extension --book "$OUT/book" --games "$IN/games-holdout.usi" --out "$OUT/extension" \
      | tee "$OUT/extension.txt"
fi

# 3. Table 2: per pairing a fixed-length tournament, then per pairing an SPRT (one at a time, each on both cores).
#    The fixed-length one takes the distinct openings in file order (pair k: opening k); the SPRT draws them in
#    a seeded random order, so that it is not a replay of the fixed run's first games.
[[ " $TABLES " == *" 2 "* ]] || PAIRINGS=""
engine() { echo "name=$1 builtin option.BookMode=$1 option.BookDir=$OUT/book option.BookSeed=$SEED option.USI_Hash=16 nodes=$T_NODES"; }
for pairing in $PAIRINGS; do
  a=${pairing%%:*} b=${pairing##*:}
  SECONDS=0
  "$J" tournament --local --engine "$(engine "$a")" --engine "$(engine "$b")" \
      --openings "$IN/openings.usi" --openings-order sequential --seed "$SEED" --games "$FIXED_GAMES" \
      --name "real-fixed-$a-$b-$SEED" --out "$OUT/fixed-$a-vs-$b" \
      >"$OUT/fixed-$a-vs-$b.txt" 2>"$OUT/fixed-$a-vs-$b.err" \
    || { log "tournament failed (see $OUT/fixed-$a-vs-$b.err)"; exit 1; }
  log "fixed $a vs $b in ${SECONDS}s: $(grep -h 'against the field' "$OUT/fixed-$a-vs-$b.txt" | head -1)"
done
for pairing in $PAIRINGS; do
  a=${pairing%%:*} b=${pairing##*:}
  SECONDS=0
  "$J" tournament --local --engine "$(engine "$a")" --engine "$(engine "$b")" \
      --openings "$IN/openings.usi" --openings-order random --seed "$SEED" --games "$SPRT_GAMES" --sprt "$SPRT" \
      --name "real-sprt-$a-$b-$SEED" --out "$OUT/sprt-$a-vs-$b" \
      >"$OUT/sprt-$a-vs-$b.txt" 2>"$OUT/sprt-$a-vs-$b.err" \
    || { log "tournament failed (see $OUT/sprt-$a-vs-$b.err)"; exit 1; }
  log "SPRT $a vs $b in ${SECONDS}s: $(grep -h 'SPRT' "$OUT/sprt-$a-vs-$b.txt" | head -1)"
done
log "done in $(( $(date +%s) - START ))s: $OUT"
