#!/usr/bin/env bash
# The container deployment, run for real with podman and podman-compose on one machine:
#   1. the tools (podman, runc, podman-compose; debootstrap for the base image), installed with apt-get
#      when run as root, otherwise named with the command that installs them;
#   2. the jars (./joseki builds them when missing or stale) and the base image (base-image.sh, cached);
#   3. the Joseki image, built with deploy/docker/docker-compose.yml;
#   4. the broker and two workers as containers (the compose file's kafka and selfplay-worker);
#   5. SMOKE_GAMES self-play games through them (selfplay --wait, itself a container);
#   5b. an engine the image does not contain (a wrapper script and its data file, written here) published
#      on the broker (engine publish, a container) and played by both worker containers in 4 self-play
#      games against the built-in engine; each worker logs that it fetched and checked it;
#   6. a second run of SMOKE_KILL_GAMES games during which a worker container is SIGKILLed while it plays;
#   7. a Spark standalone cluster as containers (the compose file's spark-master and two spark-workers),
#      up once the master's /json/ lists 2 alive workers;
#   8. the book built from the games topic on that cluster (the book-builder job, its driver a container,
#      the executors on both workers, all writing to the books volume);
#   9. the same games built in local mode (Spark local[2], a container) into run/podman-smoke/book, which
#      must hold exactly every run's games, none lost or duplicated, and have entries (book stats); both
#      books exported (book export --format yaneuraou) must be identical byte for byte;
#  10. on exit, however it ends: every container, volume and network it started is removed.
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
ARTIFACT_GAMES=4
export JOSEKI_BASE="${JOSEKI_BASE:-joseki-base:local}"
# runc and rlimits that this kind of host allows (containers.conf says why), without editing /etc.
export CONTAINERS_CONF="$HERE/containers.conf"
PROJECT=josekismoke
KAFKA="${PROJECT}_kafka_1"
MASTER="${PROJECT}_spark-master_1"
SPARK_WORKERS=("${PROJECT}_spark-worker_1" "${PROJECT}_spark-worker_2")
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
  # The Spark executors' logs (which tasks ran where) are files inside the worker containers.
  for w in "${SPARK_WORKERS[@]}"; do
    podman cp "$w:/var/lib/joseki/spark-work" "$OUT/$w-work" >/dev/null 2>&1 || true
  done
  "${C[@]}" down -v -t 5 >>"$OUT/compose.log" 2>&1 || true
  # podman-compose 1.0.3 leaves the project network and any one-off container behind.
  podman ps -aq --filter "label=io.podman.compose.project=$PROJECT" | xargs -r podman rm -f >/dev/null 2>&1 || true
  podman network rm -f "${PROJECT}_default" >/dev/null 2>&1 || true
  [ "$status" -eq 0 ] || say "logs: $OUT/ (compose.log, *.log)"
}

mkdir -p "$OUT"
rm -rf "$OUT/book" "$OUT"/*.log "$OUT"/*-work "$OUT"/*.db
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

# Step 5b. An engine that no container holds: a wrapper script whose data file names what it runs (the
# image's USI front end), published from a read-only mount, fetched and checked by both workers.
say "publishing an engine the containers do not contain, then $ARTIFACT_GAMES games with it"
rm -rf "$OUT/engine"
mkdir -p "$OUT/engine/data"
printf 'usi\n' >"$OUT/engine/data/front.txt"
printf '#!/bin/sh\nexec /opt/joseki/joseki "$(cat "$(dirname "$0")/data/front.txt")"\n' >"$OUT/engine/run.sh"
chmod 755 "$OUT/engine/run.sh"
chmod 644 "$OUT/engine/data/front.txt"
withfiles() { "${C[@]}" --podman-run-args="--volume=$OUT/engine:/engine:ro" run --rm -T --no-deps joseki "$@" 2>>"$OUT/compose.log"; }
withfiles engine publish --name smoke-usi /engine >"$OUT/engine-publish.log" \
  || fail "engine publish failed: $(cat "$OUT/engine-publish.log")"
hash=$(sed -n 's/^engine smoke-usi hash \([0-9a-f]*\) .*/\1/p' "$OUT/engine-publish.log")
[ -n "$hash" ] || fail "engine publish printed no hash: $(cat "$OUT/engine-publish.log")"
joseki selfplay --games "$ARTIFACT_GAMES" --engine "name=smoke-usi artifact=smoke-usi" --engine "name=joseki builtin" \
  --nodes 2000 --seed 3 --wait >"$OUT/selfplay-artifact.log" \
  || fail "selfplay with the published engine failed: $(cat "$OUT/selfplay-artifact.log")"
grep -q "^games $ARTIFACT_GAMES " "$OUT/selfplay-artifact.log" \
  || fail "selfplay did not report $ARTIFACT_GAMES games with the published engine: $(cat "$OUT/selfplay-artifact.log")"
for w in $(podman ps --filter "label=com.docker.compose.service=selfplay-worker" \
    --filter "label=io.podman.compose.project=$PROJECT" --format '{{.Names}}'); do
  podman logs "$w" 2>&1 | grep -q "fetched artifact $hash " || fail "$w did not fetch artifact $hash"
done
say "artifact ${hash:0:12} fetched, checked and played by both workers"

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

# Step 7. The Spark cluster. The image has no curl: bash's /dev/tcp asks the master for its /json/.
say "starting the Spark master and two Spark workers"
compose up -d spark-master
compose up -d spark-worker
master_json() {
  podman exec "$MASTER" bash -c 'exec 3<>/dev/tcp/spark-master/8080 \
    && printf "GET /json/ HTTP/1.0\r\nHost: spark-master\r\n\r\n" >&3 && cat <&3' 2>/dev/null || true
}
alive=0
for _ in $(seq 180); do
  alive=$(master_json | sed -n 's/.*"aliveworkers" *: *\([0-9]*\).*/\1/p' | head -1)
  [ "${alive:-0}" -ge 2 ] && break
  podman container exists "$MASTER" || fail "the Spark master container is gone"
  sleep 1
done
[ "${alive:-0}" -ge 2 ] || fail "the Spark master lists ${alive:-0} alive workers after 180 s: $(master_json | tail -1)"
say "spark master with $alive alive workers"

# Step 8. The book on the cluster: the compose file's book-builder job (driver in its own container,
# executors on the workers), into /books/current on the books volume.
total=$((GAMES + ARTIFACT_GAMES + KILL_GAMES))
say "book build on spark://spark-master:7077 into the books volume"
"${C[@]}" run --rm -T --no-deps book-builder >"$OUT/book-build-cluster.log" 2>>"$OUT/compose.log" \
  || fail "book build on the cluster failed: $(tail -3 "$OUT/book-build-cluster.log")"
grep -q "^games read $total, duplicates or known 0, rejected 0, added $total, total $total$" "$OUT/book-build-cluster.log" \
  || fail "the cluster build did not read exactly $total distinct games: $(grep '^games read' "$OUT/book-build-cluster.log")"
# Each executor logs its tasks into WORK_DIR/APP/EXECUTOR/stderr on its worker: both must have run some.
executors=()
tasks=0
for w in "${SPARK_WORKERS[@]}"; do
  found="$(podman exec "$w" bash -c 'for f in /var/lib/joseki/spark-work/app-*/*/stderr; do
      [ -f "$f" ] && echo "$(basename "$(dirname "$f")") $(grep -c "Finished task" "$f")"; done' 2>/dev/null || true)"
  [ -n "$found" ] || fail "no executor ran on $w"
  while read -r id n; do
    [ "$n" -gt 0 ] || fail "executor $id on $w finished no task"
    executors+=("$id ($w, $n tasks)")
    tasks=$((tasks + n))
  done <<<"$found"
done
[ ${#executors[@]} -ge 2 ] || fail "the build ran on ${#executors[@]} executor(s), not 2"
say "build on spark://spark-master:7077: $tasks tasks on executors ${executors[0]} and ${executors[1]}"
say "$(grep '^games read' "$OUT/book-build-cluster.log"); $(grep '^entries' "$OUT/book-build-cluster.log")"

# Step 9. The same games in local mode, into run/podman-smoke/book on this machine. Container root writes
# the files: under rootless podman that is the invoking user, under rootful podman root.
asroot() { "${C[@]}" --podman-run-args="--volume=$OUT:/out" run --rm -T --no-deps -u 0:0 joseki "$@" 2>>"$OUT/compose.log"; }
say "book build (Spark local[2]) into $OUT/book"
asroot book build --from-kafka --master 'local[2]' --out /out/book >"$OUT/book-build.log" \
  || fail "book build failed: $(tail -3 "$OUT/book-build.log")"
# Every record on the topic is read; a duplicated one would count as "duplicates or known".
grep -q "^games read $total, duplicates or known 0, rejected 0, added $total, total $total$" "$OUT/book-build.log" \
  || fail "the games topic does not hold exactly $total distinct games: $(grep '^games read' "$OUT/book-build.log")"
"$ROOT/joseki" book stats --book "$OUT/book" >"$OUT/book-stats.log"
grep -q "^games $total$" "$OUT/book-stats.log" || fail "book stats: not $total games: $(cat "$OUT/book-stats.log")"
full=$(sed -n 's/^entries {"full":\([0-9]*\).*/\1/p' "$OUT/book-stats.log")
[ "${full:-0}" -gt 0 ] || fail "book stats: no full-match entries: $(cat "$OUT/book-stats.log")"
say "$(grep '^games read' "$OUT/book-build.log"); $(grep '^entries' "$OUT/book-build.log")"
# Entry for entry: both books exported in YaneuraOu's format (sorted positions, every move's count).
rm -f "$OUT/cluster.db" "$OUT/local.db"
asroot book export --book /books/current --format yaneuraou --out /out/cluster.db >>"$OUT/compose.log" \
  || fail "book export of the cluster book failed"
asroot book export --book /out/book --format yaneuraou --out /out/local.db >>"$OUT/compose.log" \
  || fail "book export of the local book failed"
[ "$(grep '^entries' "$OUT/book-build-cluster.log")" = "$(grep '^entries' "$OUT/book-build.log")" ] \
  || fail "entry counts differ: cluster $(grep '^entries' "$OUT/book-build-cluster.log"), local $(grep '^entries' "$OUT/book-build.log")"
cmp "$OUT/cluster.db" "$OUT/local.db" || fail "the cluster and local books differ (cluster.db, local.db)"
say "books identical: $(grep -vc '^#' "$OUT/local.db") lines of book export, same entry counts"

say "passed in $SECONDS s"
