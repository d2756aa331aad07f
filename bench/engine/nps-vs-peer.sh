#!/usr/bin/env bash
# Search speed and perft time of this engine beside a peer USI engine (e.g. YaneuraOu's material edition),
# in the same run on the same positions:
#   bench/engine/nps-vs-peer.sh PEER_BINARY [ROUNDS] [MOVETIME_MS] [PERFT_DEPTH]
# Every measurement is a fresh process of each engine (so JIT warm-up counts), one thread, 64 MB hash,
# no book, both run at the same nice level (NICE, default 10). Per position and round it prints each
# engine's nps from its last info line and the ratio ours/peer; then perft from the start position: the
# time each engine reports for the count itself and the wall time of its whole process. Ours is counted
# twice: `joseki perft` (a cold JVM, the JIT's warm-up inside the count) and `go perft` in a USI process
# after isready, as the peer is (ours warms up its JIT during isready, so its process time includes that).
# ROUNDS 0 skips the searches, PERFT_DEPTH 0 skips perft. Engines alternate which one goes first from round to round.
# EVAL_FILE=FILE makes ours search with that trained evaluation (USI option EvalFile) instead of the shipped one.
set -euo pipefail
PEER=${1:?usage: nps-vs-peer.sh PEER_BINARY [ROUNDS] [MOVETIME_MS] [PERFT_DEPTH]}
ROUNDS=${2:-3}; MOVETIME=${3:-4000}; PERFT_DEPTH=${4:-6}; NICE=${NICE:-10}
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
[ -x "$PEER" ] || { echo "nps-vs-peer: peer '$PEER' is not an executable file" >&2; exit 2; }

# The start position and three of `joseki bench`'s middle games (dev.joseki.engine.Bench).
POSITIONS=(
  "startpos"
  "sfen ln1g3nl/1sk1gr3/1pppp1bpp/p3spp2/7P1/P1P1PPP2/1P1P4P/1BKGGS1R1/LNS4NL b - 25"
  "sfen 3gk1b2/2rsgs2l/l1npppp2/1pp5P/p6pL/PPP3P2/2NPPPN1R/3SGS3/L1BGK4 b NPp 41"
  "sfen 8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124"
)

ours_cmd() { nice -n "$NICE" "$ROOT/joseki" usi; }
peer_cmd() { nice -n "$NICE" "$PEER"; }

# usi_nps WHICH POSITION: one fresh engine, one search; prints the nps of the last info line that has one.
usi_nps() {
  local which=$1 position=$2 line last=""
  coproc ENGINE { "${which}_cmd" 2>/dev/null; }
  local in=${ENGINE[1]} out=${ENGINE[0]}
  {
    echo usi
    [ "$which" = peer ] && echo "setoption name BookFile value no_book"
    [ "$which" = ours ] && [ -n "${EVAL_FILE:-}" ] && echo "setoption name EvalFile value $EVAL_FILE"
    echo "setoption name Threads value 1"
    echo "setoption name USI_Hash value 64"
    echo isready
  } >&"$in"
  while read -r line <&"$out"; do [ "$line" = readyok ] && break; done
  printf 'usinewgame\nposition %s\ngo movetime %s\n' "$position" "$MOVETIME" >&"$in"
  while read -r line <&"$out"; do
    case $line in
      bestmove*) break ;;
      info*" nps "*) last=$line ;;
    esac
  done
  echo quit >&"$in"
  wait "$ENGINE_PID" 2>/dev/null || true
  sed -E 's/.* nps ([0-9]+).*/\1/' <<<"$last"
}

ms() { echo $(( $(date +%s%N) / 1000000 )); }

echo "# nps-vs-peer: $ROUNDS rounds, movetime $MOVETIME ms, nice $NICE, eval ${EVAL_FILE:-the shipped default}, load $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq "$ROUNDS"); do
  for i in "${!POSITIONS[@]}"; do
    if (( round % 2 )); then order=(ours peer); else order=(peer ours); fi
    declare -A nps=()
    for which in "${order[@]}"; do nps[$which]=$(usi_nps "$which" "${POSITIONS[$i]}"); done
    ratio=$(awk -v a="${nps[ours]}" -v b="${nps[peer]}" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
    echo "round $round position $i ours ${nps[ours]} peer ${nps[peer]} ratio $ratio"
  done
done

if (( PERFT_DEPTH > 0 )); then
  for which in ours ours-usi peer; do
    t0=$(ms)
    if [ $which = ours ]; then
      report=$(nice -n "$NICE" "$ROOT/joseki" perft --depth "$PERFT_DEPTH" 2>&1)
      nodes=$(sed -nE 's/^nodes ([0-9]+)/\1/p' <<<"$report")
      count_ms=$(sed -nE 's/^time ([0-9.]+) s.*/\1/p' <<<"$report" | awk '{ printf "%d", $1 * 1000 }')
    elif [ $which = ours-usi ]; then
      # The peer's conditions: a USI process after isready (ours warms its JIT there), then go perft.
      coproc OURS { ours_cmd 2>/dev/null; }
      printf 'usi\nsetoption name Threads value 1\nsetoption name USI_Hash value 64\nisready\nposition startpos\ngo perft %s\n' \
        "$PERFT_DEPTH" >&"${OURS[1]}"
      report=""
      while read -r line <&"${OURS[0]}"; do
        case $line in "info string perft "*) report=$line; break ;; esac
      done
      echo quit >&"${OURS[1]}"
      wait "$OURS_PID" 2>/dev/null || true
      nodes=$(sed -nE 's/.* nodes ([0-9]+) .*/\1/p' <<<"$report")
      count_ms=$(sed -nE 's/.* time ([0-9]+) ms.*/\1/p' <<<"$report")
    else
      report=$(printf 'usi\nsetoption name BookFile value no_book\nsetoption name Threads value 1\nsetoption name USI_Hash value 64\nisready\nposition startpos\ngo perft %s\nquit\n' \
        "$PERFT_DEPTH" | nice -n "$NICE" "$PEER" 2>&1)
      nodes=$(sed -nE 's/^Nodes searched *: *([0-9]+).*/\1/p' <<<"$report")
      count_ms=$(sed -nE 's/^Elapsed Time = ([0-9]+).*/\1/p' <<<"$report")
    fi
    echo "perft $PERFT_DEPTH $which nodes $nodes count_ms $count_ms process_ms $(( $(ms) - t0 ))"
  done
fi
