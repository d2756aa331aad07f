#!/usr/bin/env bash
# A run under faults must make exactly the book an undisturbed run makes (docs/results.md, "Faults change nothing").
#
# Twice, each on a broker and workers of its own: self-play at a fixed node budget and evaluations of fixed positions
# at a fixed node budget, then `book build`, `book evals`, `book propagate` and `book export`. The first run has no
# faults; the second runs while a schedule drawn from SEED injects faults until every record has arrived:
#   kill         SIGKILL a worker at a random moment (mostly inside a game or an evaluation), restart it
#   kill-commit  SIGKILL a worker the moment its log says it is committing a task (inside the transaction)
#   broker-kill  SIGKILL the Kafka broker, start it again on the same data
#   broker-term  SIGTERM the broker (controlled shutdown), start it again
#   pause        SIGSTOP a worker past the group's session time-out (PAUSE seconds), then SIGCONT
# Then the two exported books (YaneuraOu format: every position, every move's count, value and depth, sorted) must be
# identical byte for byte, and so must the sorted game lists. What cannot be compared byte for byte: nothing here —
# node budgets make games and evaluations reproducible; `book mine` itself chooses its frontier from the order in which
# evaluations arrive, so the mining part is a fixed list of positions (what a mining round sends).
#
# Usage: [SEED=1] [GAMES=900] [NODES=10000] [POSITIONS=300] [EVAL_NODES=200000] [WORKERS=2] experiments/chaos.sh OUT_DIR
# Give it the machine (it sizes nothing by the clock, but a loaded machine stretches the run).
set -euo pipefail
OUT=${1:?usage: experiments/chaos.sh OUT_DIR}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SEED=${SEED:-1}
GAMES=${GAMES:-900}
NODES=${NODES:-10000}
POSITIONS=${POSITIONS:-300}
EVAL_NODES=${EVAL_NODES:-200000}
MULTIPV=${MULTIPV:-2}
WORKERS=${WORKERS:-2}
GAP_MIN=${GAP_MIN:-40}    # seconds between faults, drawn uniformly in [GAP_MIN, GAP_MAX]
GAP_MAX=${GAP_MAX:-80}
PAUSE=${PAUSE:-60}        # past the session time-out (6 s on ./joseki broker; Kafka's default 45 s)
PORT=${PORT:-19092}
J="$ROOT/joseki"
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
log() { echo "[$(date -u +%H:%M:%SZ)] $*" | tee -a "$OUT/log.txt" >&2; }
"$J" --help >/dev/null   # builds once, before anything runs
awk -v n="$POSITIONS" '!/^#/ && k < n { print; k++ }' "$ROOT/experiments/holdout-floodgate.usi" >"$OUT/positions.usi"
BOOT="127.0.0.1:$PORT"
K=(--bootstrap-servers "$BOOT" --topic-prefix chaos --group chaos-workers)

broker_pid=
start_broker() {  # $1 = run dir
  "$J" broker --data "$1/broker" --port "$PORT" --controller-port $((PORT + 1)) >>"$1/broker.out" 2>&1 &
  broker_pid=$!
  local t=0
  until grep -q "^bootstrap" "$1/broker.out" 2>/dev/null && [ "$(grep -c '^bootstrap' "$1/broker.out")" -ge "$2" ]; do
    sleep 0.5; t=$((t + 1))
    [ $t -lt 240 ] || { log "the broker did not start; see $1/broker.out"; exit 1; }
  done
}
declare -a wpid
start_worker() {  # $1 = run dir, $2 = index
  "$J" worker "${K[@]}" --concurrency 1 >>"$1/worker-$2.log" 2>&1 &
  wpid[$2]=$!
}
stop_all() {
  for p in "${wpid[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${wpid[@]}"; do wait "$p" 2>/dev/null || true; done
  kill "$broker_pid" 2>/dev/null || true
  wait "$broker_pid" 2>/dev/null || true
}

run() {  # $1 = name, $2 = faults (0/1)
  local D="$OUT/$1"
  rm -rf "$D"; mkdir -p "$D"
  local started=$SECONDS starts=1
  start_broker "$D" 1
  for ((i = 0; i < WORKERS; i++)); do start_worker "$D" "$i"; done
  "$J" selfplay "${K[@]}" --games "$GAMES" --nodes "$NODES" --seed "$SEED" --await-workers "$WORKERS" \
      --wait --wait-timeout 0 --out "$D/games" >"$D/selfplay.txt" 2>"$D/selfplay.err" &
  local sp=$!
  "$J" evaluate "${K[@]}" --positions "$OUT/positions.usi" --nodes "$EVAL_NODES" --multipv "$MULTIPV" \
      --wait --wait-timeout 0 >"$D/evaluate.txt" 2>"$D/evaluate.err" &
  local ev=$!
  if [ "$2" = 1 ]; then
    RANDOM=$SEED
    local kinds=(kill kill-commit broker-kill broker-term pause) n=0
    while kill -0 "$sp" 2>/dev/null || kill -0 "$ev" 2>/dev/null; do
      local gap=$((GAP_MIN + RANDOM % (GAP_MAX - GAP_MIN + 1)))
      local until=$((SECONDS + gap))
      while [ $SECONDS -lt $until ] && { kill -0 "$sp" 2>/dev/null || kill -0 "$ev" 2>/dev/null; }; do sleep 1; done
      kill -0 "$sp" 2>/dev/null || kill -0 "$ev" 2>/dev/null || break
      local kind=${kinds[$((RANDOM % ${#kinds[@]}))]} w=$((RANDOM % WORKERS))
      n=$((n + 1))
      case $kind in
        kill)
          kill -9 "${wpid[$w]}"; wait "${wpid[$w]}" 2>/dev/null || true
          sleep $((2 + RANDOM % 4)); start_worker "$D" "$w" ;;
        kill-commit)
          local t=0
          until tail -n 1 "$D/worker-$w.log" | grep -q "committing task" || [ $t -ge 3000 ]; do sleep 0.01; t=$((t + 1)); done
          kill -9 "${wpid[$w]}"; wait "${wpid[$w]}" 2>/dev/null || true
          [ $t -lt 3000 ] || kind="kill-commit(missed: killed at a random moment)"
          sleep $((2 + RANDOM % 4)); start_worker "$D" "$w" ;;
        broker-kill)
          pkill -9 -P "$broker_pid" || true; wait "$broker_pid" 2>/dev/null || true
          sleep $((3 + RANDOM % 6)); starts=$((starts + 1)); start_broker "$D" "$starts" ;;
        broker-term)
          kill "$broker_pid"; wait "$broker_pid" 2>/dev/null || true
          sleep $((3 + RANDOM % 6)); starts=$((starts + 1)); start_broker "$D" "$starts" ;;
        pause)
          kill -STOP "${wpid[$w]}"; sleep "$PAUSE"; kill -CONT "${wpid[$w]}" ;;
      esac
      echo "$((SECONDS - started)) $kind worker-$w" >>"$D/faults.txt"
      log "$1: fault $n at $((SECONDS - started)) s: $kind (worker-$w)"
    done
  fi
  wait "$sp" || { log "$1: selfplay failed: $(tail -1 "$D/selfplay.err")"; stop_all; exit 1; }
  wait "$ev" || { log "$1: evaluate failed: $(tail -1 "$D/evaluate.err")"; stop_all; exit 1; }
  local seconds=$((SECONDS - started))
  local played evaluated
  played=$(cat "$D"/worker-*.log | grep -c "playing task" || true)
  evaluated=$(cat "$D"/worker-*.log | grep -c "evaluating task" || true)
  "$J" book build "${K[@]}" --from-kafka --out "$D/book" >"$D/build.txt" 2>&1
  "$J" book evals "${K[@]}" --from-kafka --out "$D/book" >"$D/evals.txt" 2>&1
  "$J" book propagate --book "$D/book" >"$D/propagate.txt" 2>&1
  "$J" book export --book "$D/book" --format yaneuraou --out "$D/book.db" >"$D/export.txt" 2>&1
  stop_all
  sort "$D/games/games.usi" >"$D/games-sorted.usi"
  log "$1: ${seconds} s; game tasks started $played (of $GAMES), eval tasks started $evaluated;" \
      "$(grep -c . "$D/games-sorted.usi") games; export: $(cat "$D/export.txt")"
}

log "commit $(git -C "$ROOT" rev-parse --short HEAD); seed $SEED; $GAMES games at $NODES nodes, $POSITIONS positions at" \
    "$EVAL_NODES nodes MultiPV $MULTIPV; $WORKERS workers; a fault every $GAP_MIN-$GAP_MAX s"
run clean 0
run faults 1
faults=$(wc -l <"$OUT/faults/faults.txt")
log "faults injected: $faults ($(cut -d' ' -f2 "$OUT/faults/faults.txt" | sort | uniq -c | awk '{printf "%s %s, ", $1, $2}'))"
if cmp -s "$OUT/clean/games-sorted.usi" "$OUT/faults/games-sorted.usi"; then log "games: identical"; else log "games: DIFFER"; fi
if cmp "$OUT/clean/book.db" "$OUT/faults/book.db"; then
  log "books: identical byte for byte ($(wc -c <"$OUT/clean/book.db") bytes)"
else
  log "books: DIFFER"; exit 1
fi
