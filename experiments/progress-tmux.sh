#!/usr/bin/env bash
# The progress line as a terminal shows it (docs/cli.md, "Progress"): runs two long commands in a
# detached tmux pane of 100 columns and captures the pane, what a user sees, while each runs and
# after it ends. A tournament has a total (games, ETA, score, LLR); a book build has none (Spark's
# tasks).
#   experiments/progress-tmux.sh [WORKDIR]     (needs tmux; GAMES=24 by default)
# Writes WORKDIR/tournament-running.txt, tournament-end.txt, build-running.txt, build-end.txt, and
# checks that the running capture holds one progress line (no line joined by carriage returns) and
# the end capture the final line.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="${1:-$(mktemp -d)}"
WORK="$(mkdir -p "$WORK" && cd "$WORK" && pwd)"
GAMES=${GAMES:-24}
J="${JOSEKI:-$ROOT/joseki}"
command -v tmux >/dev/null || { echo "progress-tmux: needs tmux (apt-get install tmux)" >&2; exit 2; }
SESSION="joseki-progress-$$"
tmux new-session -d -s "$SESSION" -x 100 -y 12
trap 'tmux kill-session -t "$SESSION" 2>/dev/null || true' EXIT

# run NAME PATTERN COMMAND...: runs COMMAND in the pane; captures it once PATTERN shows, and at the end
run() {
  local name="$1" pattern="$2"
  shift 2
  tmux send-keys -t "$SESSION" "clear; $* >$WORK/$name.out; tmux wait-for -S $SESSION-$name" Enter
  local running=""
  for _ in $(seq 1 600); do
    if tmux capture-pane -p -t "$SESSION" | grep -q -- "$pattern"; then
      running=1
      tmux capture-pane -p -t "$SESSION" >"$WORK/$name-running.txt"
      break
    fi
    sleep 0.2
  done
  tmux wait-for "$SESSION-$name"
  tmux capture-pane -p -t "$SESSION" >"$WORK/$name-end.txt"
  [ -n "$running" ] || echo "progress-tmux: $name: no progress line seen while it ran" >&2
}

run tournament 'ETA' "'$J' tournament --local --concurrency 1 --games $GAMES --max-plies 80 --sprt elo0=0,elo1=50" \
  "--engine 'name=a builtin option.USI_Hash=1 nodes=400' --engine 'name=b builtin option.USI_Hash=1 nodes=200'" \
  "--out '$WORK/t'"
run build 'tasks/s' "'$J' book build --from '$ROOT/experiments/openings-records.usi' --out '$WORK/book'" \
  "--master 'local[1]'"

status=0
for name in tournament build; do
  echo "== $name, while it ran"
  cat "$WORK/$name-running.txt" 2>/dev/null | grep -v '^$' || true
  echo "== $name, at the end"
  grep -v '^$' "$WORK/$name-end.txt"
done
grep -Eq '^[0-9]+/[0-9]+ games \([0-9]+%\)  [0-9.]+ games/min  ETA [0-9hms?]+  a ' \
  "$WORK/tournament-running.txt" || { echo "progress-tmux: no tournament progress line" >&2; status=1; }
grep -Eq "^[0-9]+/$GAMES games in [0-9hms]+  [0-9.]+ games/min  a .*  LLR " "$WORK/tournament-end.txt" \
  || { echo "progress-tmux: no final tournament line" >&2; status=1; }
grep -Eq '^[0-9]+ tasks in [0-9hms]+  [0-9.]+ tasks/s  of [0-9]+ in [0-9]+ stages?' "$WORK/build-end.txt" \
  || { echo "progress-tmux: no final book build line" >&2; status=1; }
exit $status
