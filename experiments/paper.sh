#!/usr/bin/env bash
# Both experiments of Grimbergen & Matsubara end to end, from a fresh self-play book (docs/results.md):
#   1. a Kafka broker and one worker (both started and stopped here), self-play games, `book build --from-kafka`;
#   2. tournaments HQM vs NM and HM vs NM, in this machine's processes (--local), game pairs from openings
#      generated from the book as in the paper (first 10 plies by frequency-weighted full matching), SPRT;
#   3. the book-extension measurement (Table 1) over the games of both tournaments.
# Usage: experiments/paper.sh SEED [OUT_DIR]     (sizes below can be overridden through the environment)
# Run it niced on a shared machine: nice -n 10 experiments/paper.sh 1
set -euo pipefail
SEED=${1:?usage: experiments/paper.sh SEED [OUT_DIR]}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${2:-$ROOT/experiments/out-$SEED}

SELFPLAY_GAMES=${SELFPLAY_GAMES:-1000}   # self-play games for the book
SELFPLAY_NODES=${SELFPLAY_NODES:-8000}   # nodes per move in self-play (the book's "experts": 16x the tournaments')
# Each self-play pair starts from the next of these opening lines (the first 12 plies of real games), then
# plays RANDOM_PLIES random plies: the book then shares opening structure, as a book of professional
# games does. Empty: every game starts from the start position (the default before 2026-11-22 (3668035), with 4 random plies).
SELFPLAY_OPENINGS=${SELFPLAY_OPENINGS-$ROOT/experiments/openings-records.usi}
RANDOM_PLIES=${RANDOM_PLIES:-2}          # uniformly random plies after the opening line (variety)
WORKER_CONCURRENCY=${WORKER_CONCURRENCY:-2}
BOOK_MAX_PLY=${BOOK_MAX_PLY:-40}
BOOK_MIN_COUNT=${BOOK_MIN_COUNT:-3}      # the players' book ignores moves seen fewer times (see below)
T_NODES=${T_NODES:-500}                  # nodes per move in the tournaments
T_GAMES=${T_GAMES:-1000}                 # cap per SPRT tournament; the SPRT usually stops earlier
FIXED_GAMES=${FIXED_GAMES:-1000}         # games of the fixed-length tournaments (0: skip them)
SPRT=${SPRT:-elo0=0,elo1=50,alpha=0.05,beta=0.05}
OPENING_PLIES=${OPENING_PLIES:-14}       # the tournaments' openings: the line's 12 plies, its 2 random ones

J="$ROOT/joseki"
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
log() { echo "[$(date -u +%H:%M:%SZ)] $*" | tee -a "$OUT/log.txt" >&2; }
BROKER= WORKER=
cleanup() {
  for p in $WORKER $BROKER; do kill "$p" 2>/dev/null && wait "$p" 2>/dev/null || true; done
}
trap cleanup EXIT

log "seed $SEED: selfplay $SELFPLAY_GAMES games at $SELFPLAY_NODES nodes, $RANDOM_PLIES random plies${SELFPLAY_OPENINGS:+ after the lines of $SELFPLAY_OPENINGS};" \
    "tournaments at $T_NODES nodes, at most $T_GAMES games, SPRT $SPRT; commit $(git -C "$ROOT" rev-parse --short HEAD)"
"$J" --help >/dev/null   # builds once, before processes run in parallel
CP="$ROOT/cli/target/joseki-cli.jar:$ROOT/cli/target/lib/*"

# 1. Self-play book on a fresh broker. Two builds of the same games: book-all (every move) generates the
#    openings; book (moves seen at least BOOK_MIN_COUNT times) is the players' book. Self-play plays each random
#    opening twice with colours swapped (one engine on both sides), so one line alone already counts 2; 3 means
#    "seen in more than one self-play pair". With every move, both
#    players would keep finding full matches along the one self-play game that reached an opening's position
#    and replay it to the book's max ply; with repeated moves only, full matching ends soon after the opening,
#    as it did against other programs in the paper, and half/quarter matching (aggregated over positions)
#    can extend it.
java -cp "$CP" dev.joseki.broker.KafkaBroker >"$OUT/broker.out" 2>"$OUT/broker.err" &
BROKER=$!
for _ in $(seq 120); do grep -q '^bootstrap ' "$OUT/broker.out" && break; sleep 1; done
BS=$(awk '/^bootstrap /{print $2}' "$OUT/broker.out")
[ -n "$BS" ] || { log "the broker did not start"; exit 1; }
log "broker $BS"
"$J" worker --bootstrap-servers "$BS" --concurrency "$WORKER_CONCURRENCY" >"$OUT/worker.log" 2>&1 &
WORKER=$!
SECONDS=0
"$J" selfplay --bootstrap-servers "$BS" --games "$SELFPLAY_GAMES" --nodes "$SELFPLAY_NODES" \
    --random-plies "$RANDOM_PLIES" --seed "$SEED" --await-workers 1 --wait \
    ${SELFPLAY_OPENINGS:+--openings "$SELFPLAY_OPENINGS"} | tee "$OUT/selfplay.txt"
log "selfplay done in ${SECONDS}s"
SECONDS=0
"$J" book build --out "$OUT/book-all" --from-kafka --bootstrap-servers "$BS" --max-ply "$BOOK_MAX_PLY" \
    --master 'local[2]' 2>"$OUT/book-build.err" | tee "$OUT/book-build.txt"
"$J" book build --out "$OUT/book" --from-kafka --bootstrap-servers "$BS" --max-ply "$BOOK_MAX_PLY" \
    --min-count "$BOOK_MIN_COUNT" --master 'local[2]' 2>>"$OUT/book-build.err" | tee -a "$OUT/book-build.txt"
log "book builds done in ${SECONDS}s"
cleanup
WORKER= BROKER=
"$J" book stats --book "$OUT/book" | tee "$OUT/book-stats.txt"

# 2. Tournaments: both at once (one game at a time each), NM as the common opponent.
SECONDS=0
PIDS=()
for mode in HQM HM; do
  "$J" tournament --local \
      --engine "name=$mode builtin option.BookMode=$mode option.BookSeed=$SEED option.USI_Hash=16 nodes=$T_NODES" \
      --engine "name=NM builtin option.BookMode=NM option.BookSeed=$SEED option.USI_Hash=16 nodes=$T_NODES" \
      --book "$OUT/book" --openings-book "$OUT/book-all" --opening-plies "$OPENING_PLIES" --seed "$SEED" \
      --sprt "$SPRT" --games "$T_GAMES" --name "paper-$mode-$SEED" --out "$OUT/$mode-vs-NM" \
      >"$OUT/$mode-vs-NM.txt" 2>"$OUT/$mode-vs-NM.err" &
  PIDS+=($!)
done
for p in "${PIDS[@]}"; do wait "$p" || { log "a tournament failed (see $OUT/*-vs-NM.err)"; exit 1; }; done
log "tournaments done in ${SECONDS}s"
cat "$OUT/HQM-vs-NM.txt" "$OUT/HM-vs-NM.txt"

# 2b. The same pairings at a fixed length: an SPRT stops on a random walk after 60-350 games here, which
#     cannot resolve effects of 10-30 Elo; FIXED_GAMES games (500 openings) give about +-20 Elo (95 %).
if [ "$FIXED_GAMES" -gt 0 ]; then
  SECONDS=0
  for mode in HQM HM; do
    "$J" tournament --local \
        --engine "name=$mode builtin option.BookMode=$mode option.BookSeed=$SEED option.USI_Hash=16 nodes=$T_NODES" \
        --engine "name=NM builtin option.BookMode=NM option.BookSeed=$SEED option.USI_Hash=16 nodes=$T_NODES" \
        --book "$OUT/book" --openings-book "$OUT/book-all" --opening-plies "$OPENING_PLIES" --seed "$SEED" \
        --games "$FIXED_GAMES" --name "fixed-$mode-$SEED" --out "$OUT/fixed-$mode-vs-NM" \
        >"$OUT/fixed-$mode-vs-NM.txt" 2>"$OUT/fixed-$mode-vs-NM.err" \
      || { log "a fixed-length tournament failed (see $OUT/fixed-$mode-vs-NM.err)"; exit 1; }
    grep -h "against the field" "$OUT/fixed-$mode-vs-NM.txt" | tee -a "$OUT/log.txt"
  done
  log "fixed-length tournaments done in ${SECONDS}s"
fi

# 3. Book extension (Table 1) over both SPRT tournaments' games.
"$J" book extension --book "$OUT/book" --games "$OUT/HQM-vs-NM/games" "$OUT/HM-vs-NM/games" \
    --out "$OUT/extension" | tee "$OUT/extension.txt"
log "done: $OUT"
