#!/usr/bin/env bash
# Measures a mined book against a count-only one (docs/results.md, "A mined book from the floodgate lines"):
#   1. the count-only book: the floodgate 2016 training lines (the shipped opening suite less its GNU Shogi
#      lines; the held-out lines of experiments/holdout-floodgate.usi are never in it), 24 plies;
#   2. the mined book: a copy of it, mined by `book mine` on real workers (a broker and `joseki worker`
#      processes started here): MINUTES_1 with one worker, then MINUTES_2 with two (the loop resumes from the
#      book), each printing its positions per hour;
#   3. our engine with the mined book (BookChoice=VALUE) against the same engine with the count-only book, from
#      the distinct first OPENING_PLIES plies of the held-out floodgate lines (0: the start position, where
#      fixed-node engines repeat most games), colours swapped: an SPRT, then continued to at least MIN_GAMES games;
#   4. YaneuraOu-material with the mined book exported as .db against YaneuraOu-material without a book.
# YaneuraOu is not part of this project: build it yourself (see experiments/vs-yaneuraou.sh) and pass the binary.
# Usage: experiments/mined-book.sh YANEURAOU_BINARY [OUT_DIR]     (sizes below through the environment)
set -euo pipefail
YO=${1:?usage: experiments/mined-book.sh YANEURAOU_BINARY [OUT_DIR]}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${2:-$ROOT/experiments/out-mined-book}
YO=$(cd "$(dirname "$YO")" && pwd)/$(basename "$YO")
[ -x "$YO" ] || { echo "mined-book: $YO is not an executable" >&2; exit 2; }
MINE_ENGINE=${MINE_ENGINE:-builtin}  # the evaluating engine (a --engine SPEC without its limit)
MINE_NODES=${MINE_NODES:-100000}     # nodes per evaluation
MULTIPV=${MULTIPV:-4}
WINDOW=${WINDOW:-100}
MINUTES_1=${MINUTES_1:-12}           # mining with one worker
MINUTES_2=${MINUTES_2:-12}           # then with two
T_NODES=${T_NODES:-20000}            # nodes per move in the tournaments (load does not change the games)
MIN_GAMES=${MIN_GAMES:-400}
OPENING_PLIES=${OPENING_PLIES:-6}
SPRT=${SPRT:-elo0=0,elo1=20,alpha=0.05,beta=0.05}
YO_BYOYOMI=${YO_BYOYOMI:-100}      # the same binary on both sides: load slows both alike, and timing varies the games
YO_GAMES=${YO_GAMES:-200}
PORT=${PORT:-19392}
STEPS=${STEPS:-"books mine tournament yaneuraou"}

J="$ROOT/joseki"
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
log() { echo "[$(date -u +%H:%M:%SZ)] $*" | tee -a "$OUT/log.txt" >&2; }
step() { [[ " $STEPS " == *" $1 "* ]]; }
log "commit $(git -C "$ROOT" rev-parse --short HEAD)$(git -C "$ROOT" diff --quiet HEAD || echo ' (dirty)'); steps: $STEPS;" \
    "mining $MINE_ENGINE nodes=$MINE_NODES multipv $MULTIPV window $WINDOW, $MINUTES_1 + $MINUTES_2 min;" \
    "tournaments at $T_NODES nodes, SPRT $SPRT, at least $MIN_GAMES games; YaneuraOu $YO_GAMES games at byoyomi $YO_BYOYOMI"
"$J" --help >/dev/null   # builds once, before anything runs

# 1. The count-only book.
if step books; then
  grep '^startpos' "$ROOT/play/src/main/resources/dev/joseki/play/default-openings.usi" \
      | grep -vxFf "$ROOT/experiments/corpus/gnushogi-lines.usi" >"$OUT/floodgate-train.usi"
  if grep '^startpos' "$ROOT/experiments/holdout-floodgate.usi" | grep -qxFf - "$OUT/floodgate-train.usi"; then
    log "a held-out floodgate line is among the book's inputs"; exit 1
  fi
  rm -rf "$OUT/count" "$OUT/mined"
  "$J" book build --out "$OUT/count" --max-ply 24 --master 'local[2]' --from "floodgate=$OUT/floodgate-train.usi" \
      2>"$OUT/book-build.err" | tee "$OUT/book-build.txt"
  cp -a "$OUT/count" "$OUT/mined"
  log "books: $(wc -l <"$OUT/floodgate-train.usi") floodgate lines; $(grep -m1 -i 'positions' "$OUT/book-build.txt" || true)"
fi

# 2. Mining on real workers: a broker, one worker, then a second one.
if step mine; then
  BROKER_PID= W1= W2=
  cleanup() { for p in $W2 $W1 $BROKER_PID; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
  trap cleanup EXIT
  rm -rf "$OUT/broker"
  "$J" broker --port "$PORT" --controller-port $((PORT + 1)) --data "$OUT/broker" >"$OUT/broker.log" 2>&1 &
  BROKER_PID=$!
  for _ in $(seq 120); do grep -q '^bootstrap' "$OUT/broker.log" && break; sleep 1; done
  grep -q '^bootstrap' "$OUT/broker.log" || { log "the broker did not start (see $OUT/broker.log)"; exit 1; }
  K="--bootstrap-servers 127.0.0.1:$PORT"
  "$J" worker --concurrency 1 $K >"$OUT/worker1.log" 2>&1 &
  W1=$!
  mine() {  # $1 = minutes, $2 = label, $3 = worker slots (for the busy share)
    "$J" book mine --book "$OUT/mined" $K --engine "$MINE_ENGINE" --nodes "$MINE_NODES" --multipv "$MULTIPV" \
        --window "$WINDOW" --side both --minutes "$1" --positions 10000000 --master 'local[1]' --slots "$3" \
        2>"$OUT/mine-$2.err" | tee "$OUT/mine-$2.txt"
    log "mining with $2: $(tail -1 "$OUT/mine-$2.txt"); load $(cut -d' ' -f1-3 /proc/loadavg)"
  }
  mine "$MINUTES_1" 1-worker 1
  "$J" worker --concurrency 1 $K >"$OUT/worker2.log" 2>&1 &
  W2=$!
  mine "$MINUTES_2" 2-workers 2
  cleanup
  trap - EXIT
  "$J" book stats --book "$OUT/mined" | tee "$OUT/mined-stats.txt"
  "$J" book export --book "$OUT/mined" --format yaneuraou --out "$OUT/mined.db"
fi

echo startpos >"$OUT/startpos.usi"
grep '^startpos' "$ROOT/experiments/holdout-floodgate.usi" \
    | awk -v p="$OPENING_PLIES" '{ s = $1 " " $2; for (i = 3; i <= p + 2 && i <= NF; i++) s = s " " $i; if (!seen[s]++) print s }' \
    >"$OUT/openings-$OPENING_PLIES.usi"
[ "$OPENING_PLIES" = 0 ] && cp "$OUT/startpos.usi" "$OUT/openings-0.usi"
# 3. Mined book (by value) against the count-only book: the same engine, the same nodes.
if step tournament; then
  E="builtin option.Threads=1 option.USI_Hash=64 nodes=$T_NODES"
  for run in sprt fixed; do
    extra=(--sprt "$SPRT")
    if [ "$run" = fixed ]; then
      # an embedded broker does not outlive the SPRT's run: the fixed match is a new one, only when needed
      played=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["players"][0]["games"])' \
          "$OUT/mined-vs-count-$OPENING_PLIES-sprt/results.json")
      [ "$played" -ge "$MIN_GAMES" ] && break
      extra=(--games "$MIN_GAMES")
    fi
    T="mined-vs-count-$OPENING_PLIES"
    "$J" tournament --name "$T" --concurrency 2 --progress --openings "$OUT/openings-$OPENING_PLIES.usi" \
        --openings-order sequential "${extra[@]}" \
        --engine "name=mined $E option.BookDir=$OUT/mined option.BookChoice=VALUE" \
        --engine "name=count $E option.BookDir=$OUT/count" --out "$OUT/$T-$run" \
        2>"$OUT/$T-$run.err" | tee "$OUT/$T-$run.txt"
    log "mined vs count ($OPENING_PLIES-ply openings, $run): $(grep -E 'Elo|SPRT|Distinct' "$OUT/$T-$run.txt" | tr '\n' ' ')"
  done
fi

# 4. YaneuraOu-material with the exported mined book against itself without a book.
if step yaneuraou; then
  mkdir -p "$OUT/yo-book"
  cp "$OUT/mined.db" "$OUT/yo-book/user_book1.db"
  Y="cmd=$YO option.Threads=1 option.USI_Hash=64 byoyomi=$YO_BYOYOMI"
  "$J" tournament --name yo-mined-book --concurrency 2 --progress --openings "$OUT/startpos.usi" --games "$YO_GAMES" \
      --engine "name=yo-mined-book $Y option.BookDir=$OUT/yo-book option.BookFile=user_book1.db option.BookDepthLimit=0 option.BookMoves=40" \
      --engine "name=yo-no-book $Y option.BookFile=no_book" --out "$OUT/yo-mined-book" \
      2>"$OUT/yo-mined-book.err" | tee "$OUT/yo-mined-book.txt"
  log "yaneuraou with vs without the mined book: $(grep -E 'Elo|Distinct' "$OUT/yo-mined-book.txt" | tr '\n' ' ')"
fi
