#!/usr/bin/env bash
# Search speed over a whole game from a fresh engine process, JIT warm-up and any recompilation during
# the game included: the engine plays both sides from an opening line for PLIES moves at BYOYOMI ms per
# move (`go byoyomi`), and the script sums the nodes and times of each move's last info line.
#   bench/engine/game-nps.sh PLIES BYOYOMI_MS OPENING_MOVES -- ENGINE_COMMAND...
# e.g. bench/engine/game-nps.sh 80 200 "7g7f 3c3d" -- ./joseki usi
# Prints one line per 20 plies and "game nodes N time_ms T nps X". The same opening and limits give
# comparable figures for two builds or two sets of JVM flags run one after the other.
# EVAL_FILE=FILE makes the engine search with that trained evaluation (USI option EvalFile).
set -euo pipefail
PLIES=${1:?usage: game-nps.sh PLIES BYOYOMI_MS OPENING_MOVES -- ENGINE_COMMAND...}; BYO=${2:?byoyomi}
MOVES=${3-}; shift 3; [ "${1:-}" = "--" ] && shift
coproc ENGINE { "$@" 2>/dev/null; }
send() { printf '%s\n' "$1" >&"${ENGINE[1]}"; }
await() { local line; while IFS= read -r line <&"${ENGINE[0]}"; do [[ $line == $1* ]] && return; done; echo "game-nps: engine exited" >&2; exit 1; }
send usi; await usiok
send "setoption name USI_Hash value 64"; send "setoption name Threads value 1"
[ -n "${EVAL_FILE:-}" ] && send "setoption name EvalFile value $EVAL_FILE"
send isready; await readyok
send usinewgame
total_nodes=0; total_ms=0
for ((ply = 1; ply <= PLIES; ply++)); do
  send "position startpos moves $MOVES"; send "go btime 0 wtime 0 byoyomi $BYO"
  info=""
  while IFS= read -r line <&"${ENGINE[0]}"; do
    [[ $line == info*nodes* ]] && info=$line
    [[ $line == bestmove* ]] && break
  done
  best=${line#bestmove }; best=${best%% *}
  nodes=$(sed -nE 's/.* nodes ([0-9]+).*/\1/p' <<<"$info"); ms=$(sed -nE 's/.* time ([0-9]+).*/\1/p' <<<"$info")
  total_nodes=$((total_nodes + ${nodes:-0})); total_ms=$((total_ms + ${ms:-0}))
  (( ply % 20 == 0 )) && echo "ply $ply nodes $total_nodes time_ms $total_ms"
  [[ $best == resign || $best == win || -z $best ]] && break
  MOVES="$MOVES $best"
done
send quit
echo "game nodes $total_nodes time_ms $total_ms nps $(( total_ms > 0 ? total_nodes * 1000 / total_ms : 0 ))"
