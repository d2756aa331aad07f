#!/usr/bin/env bash
# Does a book the project makes make engines stronger? (docs/results.md, "Books that make engines stronger")
#   books      the real-game book (experiments/real-book.sh with TABLES=: floodgate training lines, GNU Shogi's
#              lines, the non-held-out whole games, GPSShogi's book; every held-out record left out) and a copy
#              of it to mine; BOOK_MAX_PLY (real-book.sh's, default 40) is how deep it goes: 64 keeps GPSShogi's
#              lines whole
#   nobook     our engine with the real-game book (HQM) against the same engine without a book, from the
#              start position, on the clock                                             (book compare)
#   mine       the copy mined by `book mine` on local worker slots at MINE_NODES a position: MINE_MINUTES_1
#              with one slot, then MINE_MINUTES_2 with two (positions/hour and busy share of each); exported
#              and its evaluations kept in OUT/mined.evals (book mine --record); with MINED_EVALS=FILE (such a
#              file) the mined book is rebuilt from it instead, the same book on any machine
#   mined      the mined book (values propagated, frontier evaluated) against the count-only real book, our
#              engine, SPRT [0, 10]
#   yaneuraou  YaneuraOu with the exported mined book against YaneuraOu without a book, SPRT [0, 20], and against
#              YaneuraOu with GPSShogi's book as it is, SPRT [-10, 0] (YO_VS_NOBOOK=0 / YO_VS_GPS=0 leave either out)
#   yomine     a second copy of the real-game book mined by YaneuraOu itself (YO_MINE_POSITIONS positions, as
#              many as our engine evaluated in `mine`, same nodes, MultiPV and window, two local slots) and
#              exported; its evaluations in OUT/yomined.evals, and YOMINED_EVALS=FILE rebuilds it from such a file
#   yomatch    YaneuraOu with the book our engine mined against YaneuraOu with the one it mined (yomine),
#              GAMES_YOMINE games, and YaneuraOu with its own against YaneuraOu with GPSShogi's book as it is,
#              SPRT [-10, 0] (YOMINE_VS_MINED=0 / YOMINE_VS_GPS=0 leave either out)
#   hqm        HQM against NM with the real-game book
#   played     the mined book with its values ranking only the moves games played (BookMinedMoves=false)
#              against the count-only book, our engine, SPRT [0, 10] (needs mine)
#   grow       the real-game book grown by self-play from its leaves: GROW_GAMES games of the built-in engine at
#              GROW_NODES a move that play from the book (count-weighted draws, NM) until it ends, counted into a
#              copy of it (40 plies); then the grown book against the real-game book, our engine, GAMES_GROW games
# YaneuraOu is not part of this project: the material edition (MATERIAL_LEVEL=9 for its strongest evaluation),
# built as its own documentation says (https://github.com/yaneurao/YaneuraOu); pass the binary's path (steps that
# only play our engine take any name there, e.g. none).
# Usage: [STEPS="books nobook ..."] [RUN_NAME=bv] experiments/book-value.sh YANEURAOU_BINARY OUT_DIR
# With RUN_NAME, each match is a named run (RUN_NAME-match): on `./joseki cluster up` a stopped script re-run
# with the same RUN_NAME continues every match where it stopped instead of starting again.
# Give the matches the machine: nothing else should run while clocks tick.
set -euo pipefail
YO=${1:?usage: experiments/book-value.sh YANEURAOU_BINARY OUT_DIR}
OUT=${2:?usage: experiments/book-value.sh YANEURAOU_BINARY OUT_DIR}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TC=${TC:-2+0.05}                     # the clock of every match (docs/results.md says why this one)
GAMES_NOBOOK=${GAMES_NOBOOK:-400}
MINE_NODES=${MINE_NODES:-1000000}
MINE_MINUTES_1=${MINE_MINUTES_1:-5}
MINE_MINUTES_2=${MINE_MINUTES_2:-10}
MULTIPV=${MULTIPV:-4}
WINDOW=${WINDOW:-100}
MAX_SPRT_GAMES=${MAX_SPRT_GAMES:-2000}
IN_FLIGHT=${IN_FLIGHT:-16}           # games queued on the workers at most: what an interrupted match leaves queued
GAMES_HQM=${GAMES_HQM:-400}
YO_OPTIONS=${YO_OPTIONS:-"option.RoundUpToFullSecond=false"}
YO_VS_GPS=${YO_VS_GPS:-1}            # 0: leave out the match against YaneuraOu with GPSShogi's book
YO_VS_NOBOOK=${YO_VS_NOBOOK:-1}      # 0: leave out the match against YaneuraOu without a book
YO_MINE_POSITIONS=${YO_MINE_POSITIONS:-1020}
GAMES_YOMINE=${GAMES_YOMINE:-400}
YOMINE_VS_MINED=${YOMINE_VS_MINED:-1}
YOMINE_VS_GPS=${YOMINE_VS_GPS:-1}
GROW_GAMES=${GROW_GAMES:-1000}
GROW_NODES=${GROW_NODES:-20000}
GAMES_GROW=${GAMES_GROW:-400}
STEPS=${STEPS:-"books nobook mine mined played yaneuraou yomine yomatch hqm grow"}
RUN_NAME=${RUN_NAME:-}
MINED_EVALS=${MINED_EVALS:-}         # evaluations of an earlier `mine` (OUT/mined.evals): rebuild, do not mine
YOMINED_EVALS=${YOMINED_EVALS:-}     # the same for `yomine`

# Only the YaneuraOu steps run it: the others take any name in its place (e.g. none).
if [[ " $STEPS " == *" yaneuraou "* || " $STEPS " == *" yomine "* || " $STEPS " == *" yomatch "* ]]; then
  [ -x "$YO" ] || { echo "book-value: $YO is not an executable (the YaneuraOu steps run it)" >&2; exit 2; }
  YO=$(cd "$(dirname "$YO")" && pwd)/$(basename "$YO")
fi
J="$ROOT/joseki"
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
log() { echo "[$(date -u +%H:%M:%SZ)] $*" | tee -a "$OUT/log.txt" >&2; }
step() { [[ " $STEPS " == *" $1 "* ]]; }
log "commit $(git -C "$ROOT" rev-parse --short HEAD)$(git -C "$ROOT" diff --quiet HEAD || echo ' (dirty)'); steps: $STEPS;" \
    "tc=$TC; mining nodes=$MINE_NODES multipv $MULTIPV window $WINDOW, $MINE_MINUTES_1 + $MINE_MINUTES_2 min"
"$J" --help >/dev/null   # builds once, before anything runs
E="builtin option.Threads=1 option.USI_Hash=64"
EH="$E option.BookMode=HQM"   # the book's best mode (the paper's): half and quarter matches past the lines
Y="cmd=$YO option.Threads=1 option.USI_Hash=64 $YO_OPTIONS"
compare() {  # $1 = name, then the compare arguments
  local name=$1; shift
  local named=()
  [ -z "$RUN_NAME" ] || named=(--name "$RUN_NAME-$name")
  local rc=0
  "$J" book compare --tc "$TC" --in-flight "$IN_FLIGHT" --progress --out "$OUT/$name" "${named[@]}" "$@" \
      2>"$OUT/$name.err" \
      | tee "$OUT/$name.txt" || rc=$?
  log "$name: $(grep -E 'Elo|SPRT|Distinct' "$OUT/$name.txt" | tr '\n' ' ')"
  # A compare stopped by SIGTERM or Ctrl-C (exit 143 or 130) has written its report of the games so far
  # and logged it above; the script stops there, as the user asked, with the compare's status.
  if (( rc != 0 )); then
    (( rc == 130 || rc == 143 )) && log "$name: interrupted; the same command continues it (with RUN_NAME)"
    exit "$rc"
  fi
}

if step books; then
  rm -rf "$OUT/real" "$OUT/mined" "$OUT/mined.evals"
  TABLES= "$ROOT/experiments/real-book.sh" 1 "$OUT/real" >"$OUT/real-book.txt" 2>&1
  cp -a "$OUT/real/book" "$OUT/mined"
  log "real book: $(grep -E '^positions|^max_ply' "$OUT/real-book.txt" | tr '\n' ' ')"
fi
REAL="$OUT/real/book"

if step nobook; then
  compare real-vs-nobook --engine "$EH" --book "$REAL" --no-book --games "$GAMES_NOBOOK"
fi

rebuild() {  # $1 = a copy of the real-game book, $2 = the evaluations `book mine --record` kept of its mining
  "$J" book evals --out "$1" --from "$2" >"$1.rebuild.txt"
  "$J" book propagate --book "$1" >>"$1.rebuild.txt"
  log "rebuilt $1 from $2: $(grep -E '^evals read' "$1.rebuild.txt")"
}

if step mine; then
  mine() {  # $1 = minutes, $2 = worker slots
    "$J" book mine --book "$OUT/mined" --local --concurrency "$2" --nodes "$MINE_NODES" --multipv "$MULTIPV" \
        --window "$WINDOW" --side both --minutes "$1" --positions 10000000 --record "$OUT/mined.evals" \
        2>"$OUT/mine-$2.err" | tee "$OUT/mine-$2.txt"
    log "mining with $2 slot(s): $(tail -1 "$OUT/mine-$2.txt")"
  }
  if [ -n "$MINED_EVALS" ]; then
    rebuild "$OUT/mined" "$MINED_EVALS"
  else
    mine "$MINE_MINUTES_1" 1
    mine "$MINE_MINUTES_2" 2
  fi
  "$J" book stats --book "$OUT/mined" >"$OUT/mined-stats.txt"
  "$J" book export --book "$OUT/mined" --format yaneuraou --out "$OUT/mined.db" | tee "$OUT/export.txt"
  log "exported: $(cat "$OUT/export.txt")"
fi

if step mined; then
  compare mined-vs-count --engine "$EH" --book "$OUT/mined" --book "$REAL" \
      --sprt elo0=0,elo1=10,alpha=0.05,beta=0.05 --games "$MAX_SPRT_GAMES"
fi

if step played; then
  # the same mined book with BookMinedMoves=false: its values rank only the moves games played
  compare played-vs-count --engine "$EH" --book "$OUT/mined" --book "$REAL" \
      --a-options "option.BookMinedMoves=false" --sprt elo0=0,elo1=10,alpha=0.05,beta=0.05 \
      --games "$MAX_SPRT_GAMES"
fi

if step yaneuraou; then
  if [ "$YO_VS_NOBOOK" = 1 ]; then
    compare yo-mined-vs-nobook --engine "$Y" --book "$OUT/mined.db" --no-book \
        --sprt elo0=0,elo1=20,alpha=0.05,beta=0.05 --games "$MAX_SPRT_GAMES"
  fi
  if [ "$YO_VS_GPS" = 1 ]; then
    compare yo-mined-vs-gps --engine "$Y" --book "$OUT/mined.db" --book "$ROOT/experiments/corpus/gps-joseki.db" \
        --sprt elo0=-10,elo1=0,alpha=0.05,beta=0.05 --games "$MAX_SPRT_GAMES"
  fi
fi

if step yomine; then
  rm -rf "$OUT/yomined" "$OUT/yomined.evals"
  cp -a "$REAL" "$OUT/yomined"
  if [ -n "$YOMINED_EVALS" ]; then
    rebuild "$OUT/yomined" "$YOMINED_EVALS"
  else
    "$J" book mine --book "$OUT/yomined" --engine "$Y" --local --concurrency 2 --nodes "$MINE_NODES" \
        --multipv "$MULTIPV" --window "$WINDOW" --side both --positions "$YO_MINE_POSITIONS" \
        --record "$OUT/yomined.evals" 2>"$OUT/yomine.err" | tee "$OUT/yomine.txt"
    log "mining by YaneuraOu: $(tail -1 "$OUT/yomine.txt")"
  fi
  "$J" book export --book "$OUT/yomined" --format yaneuraou --out "$OUT/yomined.db" | tee "$OUT/yoexport.txt"
fi

if step yomatch; then
  if [ "$YOMINE_VS_MINED" = 1 ]; then
    compare yo-mined-vs-yomined --engine "$Y" --book "$OUT/mined.db" --book "$OUT/yomined.db" --games "$GAMES_YOMINE"
  fi
  if [ "$YOMINE_VS_GPS" = 1 ]; then
    compare yo-yomined-vs-gps --engine "$Y" --book "$OUT/yomined.db" \
        --book "$ROOT/experiments/corpus/gps-joseki.db" --sprt elo0=-10,elo1=0,alpha=0.05,beta=0.05 \
        --games "$MAX_SPRT_GAMES"
  fi
fi

if step hqm; then
  compare hqm-vs-nm --engine "$E" --book "$REAL" --book "$REAL" \
      --a-options "option.BookMode=HQM" --b-options "option.BookMode=NM" --games "$GAMES_HQM"
fi
if step grow; then
  rm -rf "$OUT/grown" "$OUT/grow-games"
  cp -a "$REAL" "$OUT/grown"
  echo startpos >"$OUT/grow-openings.usi"
  "$J" selfplay --engine "name=grow builtin option.BookDir=$REAL option.BookMode=NM option.Threads=1 option.USI_Hash=64" \
      --openings "$OUT/grow-openings.usi" --sample-plies 0 --games "$GROW_GAMES" --nodes "$GROW_NODES" --seed 1 \
      --wait --wait-timeout 0 --out "$OUT/grow-games" >"$OUT/grow.txt" 2>"$OUT/grow.err"
  "$J" book build --out "$OUT/grown" --from "selfplay=$OUT/grow-games/games.usi" >>"$OUT/grow.txt" 2>>"$OUT/grow.err"
  log "grown book: $(grep -oE 'positions [0-9]+' "$OUT/grow.txt" | tail -1)"
  compare grown-vs-real --engine "$EH" --book "$OUT/grown" --book "$REAL" --games "$GAMES_GROW"
fi
log "done: $OUT"
