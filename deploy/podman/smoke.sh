#!/usr/bin/env bash
# The container deployment, run for real with podman and podman-compose on one machine:
#   1. the tools (podman, runc, podman-compose; debootstrap for the base image), installed with apt-get
#      when run as root, otherwise named with the command that installs them;
#   2. the jars (./joseki builds them when missing or stale) and the base image (base-image.sh, cached);
#   3. the Joseki image, built with deploy/docker/docker-compose.yml;
#   4. the broker and two workers as containers (the compose file's kafka and selfplay-worker);
#   5. SMOKE_GAMES self-play games through them (selfplay --wait, itself a container);
#   6. a second run of SMOKE_KILL_GAMES games during which a worker container is SIGKILLed while it plays;
#   7. the book built from the games topic (Spark local[2], a container) into run/podman-smoke/book, which
#      must hold exactly both runs' games, none lost or duplicated, and have entries (book stats);
#   8. on exit, however it ends: every container, volume and network it started is removed.
#
#   deploy/podman/smoke.sh        (from anywhere; prints "smoke: passed in N s" and exits 0)
#
# JOSEKI_BASE: the image Joseki is built on, default joseki-base:local (Debian packages, no registry
# needed); e.g. JOSEKI_BASE=eclipse-temurin:17-jre where a registry is reachable.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
OUT="$ROOT/run/podman-smoke"
GAMES="${SMOKE_GAMES:-4}"
KILL_GAMES="${SMOKE_KILL_GAMES:-8}"
export JOSEKI_BASE="${JOSEKI_BASE:-joseki-base:local}"
# runc and rlimits that this kind of host allows (containers.conf says why), without editing /etc.
export CONTAINERS_CONF="$HERE/containers.conf"
PROJECT=josekismoke
KAFKA="${PROJECT}_kafka_1"
VICTIM="${PROJECT}_selfplay-worker_1"

SECONDS=0
say() { echo "smoke: [${SECONDS} s] $*" >&2; }
fail() { say "FAILED: $*"; exit 1; }

# Step 1. Tools.
packages=()
command -v podman >/dev/null || packages+=(podman)
command -v runc >/dev/null || packages+=(runc)
command -v podman-compose >/dev/null || packages+=(podman-compose)
if [ "$JOSEKI_BASE" = joseki-base:local ] && ! command -v debootstrap >/dev/null; then
  packages+=(debootstrap)
fi
if [ ${#packages[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    say "missing: ${packages[*]}; install them with: sudo apt-get install -y ${packages[*]}"
    exit 2
  fi
  say "installing ${packages[*]} (apt-get)"
  apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q -o DPkg::Lock::Timeout=600 "${packages[@]}" >/dev/null
fi
command -v java >/dev/null && command -v mvn >/dev/null \
  || { say "missing: Java 17 and Maven (the jars are built on this machine); install them first"; exit 2; }

C=(podman-compose -p "$PROJECT" -f "$ROOT/deploy/docker/docker-compose.yml")
compose() { "${C[@]}" "$@" >>"$OUT/compose.log" 2>&1; }

cleanup() {
  local status=$?
  say "removing the containers, volumes and network it started"
  # Their logs first (the workers' task lines show the killed game replayed).
  podman ps -a --filter "label=io.podman.compose.project=$PROJECT" --format '{{.Names}}' 2>/dev/null \
    | while read -r name; do podman logs "$name" >"$OUT/$name.log" 2>&1 || true; done
  "${C[@]}" down -v -t 5 >>"$OUT/compose.log" 2>&1 || true
  # podman-compose 1.0.3 leaves the project network and any one-off container behind.
  podman ps -aq --filter "label=io.podman.compose.project=$PROJECT" | xargs -r podman rm -f >/dev/null 2>&1 || true
  podman network rm -f "${PROJECT}_default" >/dev/null 2>&1 || true
  [ "$status" -eq 0 ] || say "logs: $OUT/ (compose.log, *.log)"
}

mkdir -p "$OUT"
rm -rf "$OUT/book" "$OUT"/*.log
# A run interrupted before its clean-up left containers behind: start from nothing.
cleanup 2>/dev/null
trap cleanup EXIT

# Step 2. The jars and the base image.
say "jars (./joseki builds them when needed)"
"$ROOT/joseki" --version >/dev/null
if [ "$JOSEKI_BASE" = joseki-base:local ]; then
  "$HERE/base-image.sh" >&2
fi

# Step 3. The image.
say "building joseki:0.1.0 on $JOSEKI_BASE"
# Every service runs the one image: building it for one service is enough (podman-compose 1.0.3 would
# build it again for each).
compose build kafka

# Step 4. Broker, then workers (podman-compose 1.0.3 does not wait for a service to be ready).
say "starting the broker"
compose up -d kafka
for _ in $(seq 120); do
  podman logs "$KAFKA" 2>/dev/null | grep -q '^bootstrap kafka:9092$' && break
  podman container exists "$KAFKA" || fail "the broker container is gone"
  sleep 1
done
podman logs "$KAFKA" 2>/dev/null | grep -q '^bootstrap kafka:9092$' || fail "the broker did not start in 120 s"
say "starting two workers"
compose up -d selfplay-worker

# One-off ./joseki commands as containers on the compose network (what `compose run` is for).
joseki() { "${C[@]}" run --rm -T --no-deps joseki "$@" 2>>"$OUT/compose.log"; }

# Step 5. Self-play through the containers.
say "self-play: $GAMES games"
joseki selfplay --games "$GAMES" --nodes 2000 --seed 1 --wait >"$OUT/selfplay-1.log"
grep -q "^games $GAMES " "$OUT/selfplay-1.log" || fail "selfplay did not report $GAMES games: $(cat "$OUT/selfplay-1.log")"

# Step 6. SIGKILL a worker while it plays. Its last task line per slot tells whether a game is in flight:
# "slot S: playing task ..." not yet followed by "slot S: task at ... committed".
say "self-play: $KILL_GAMES games, killing $VICTIM (SIGKILL) while it plays"
before=$(podman logs "$VICTIM" 2>&1 | wc -l)
joseki selfplay --games "$KILL_GAMES" --nodes 20000 --seed 2 --wait >"$OUT/selfplay-2.log" &
run2=$!
in_flight=""
for _ in $(seq 600); do
  in_flight="$(podman logs "$VICTIM" 2>&1 | tail -n +$((before + 1)) \
    | awk '/ slot [^ ]+: playing task / {s=$4; last[s]=$0} / slot [^ ]+: task at .* committed/ {s=$4; delete last[s]}
           END {for (s in last) {print last[s]; exit}}')"
  [ -n "$in_flight" ] && break
  sleep 0.2
done
[ -n "$in_flight" ] || fail "$VICTIM never started a task of the second run"
podman kill -s KILL "$VICTIM" >/dev/null
task="$(echo "$in_flight" | sed 's/^.*: playing task \([^ ]*\) .*$/\1/')"
say "killed $VICTIM while it was playing task $task"
wait "$run2" || fail "the second selfplay run failed: $(cat "$OUT/selfplay-2.log")"
grep -q "^games $KILL_GAMES " "$OUT/selfplay-2.log" || fail "the second run did not report $KILL_GAMES games"
say "$(grep "^games $KILL_GAMES " "$OUT/selfplay-2.log")"
# The killed game was played again: its task started twice in the workers' logs (killed, then replayed).
starts=$(for w in $(podman ps -a --filter "label=com.docker.compose.service=selfplay-worker" \
    --filter "label=io.podman.compose.project=$PROJECT" --format '{{.Names}}'); do podman logs "$w" 2>&1; done \
  | grep -c "playing task $task " || true)
[ "$starts" -ge 2 ] || fail "task $task was not replayed after the kill (started $starts time(s))"
say "task $task was played again after the kill (the games count above includes it once)"

# Step 7. The book, from the games topic, into run/podman-smoke/book on this machine. Container root
# writes the files: under rootless podman that is the invoking user, under rootful podman root.
say "book build (Spark local[2]) into $OUT/book"
"${C[@]}" --podman-run-args="--volume=$OUT:/out" run --rm -T --no-deps -u 0:0 joseki \
  book build --from-kafka --master 'local[2]' --out /out/book >"$OUT/book-build.log" 2>>"$OUT/compose.log" \
  || fail "book build failed: $(tail -3 "$OUT/book-build.log")"
total=$((GAMES + KILL_GAMES))
# Every record on the topic is read; a duplicated one would count as "duplicates or known".
grep -q "^games read $total, duplicates or known 0, rejected 0, added $total, total $total$" "$OUT/book-build.log" \
  || fail "the games topic does not hold exactly $total distinct games: $(grep '^games read' "$OUT/book-build.log")"
"$ROOT/joseki" book stats --book "$OUT/book" >"$OUT/book-stats.log"
grep -q "^games $total$" "$OUT/book-stats.log" || fail "book stats: not $total games: $(cat "$OUT/book-stats.log")"
full=$(sed -n 's/^entries {"full":\([0-9]*\).*/\1/p' "$OUT/book-stats.log")
[ "${full:-0}" -gt 0 ] || fail "book stats: no full-match entries: $(cat "$OUT/book-stats.log")"
say "$(grep '^games read' "$OUT/book-build.log"); $(grep '^entries' "$OUT/book-build.log")"

say "passed in $SECONDS s"
