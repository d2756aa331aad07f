#!/usr/bin/env bash
# Writes this checkout's built-in engine as a directory that `./joseki engine publish` can ship to the
# workers: the engine's jars only (rules, engine, book probing, USI front; no broker, no Spark: 91 MB,
# most of it RocksDB's native libraries) and `joseki-usi`, the program to run. Use it to play an engine
# change on a fleet whose workers run another version.
#
#   deploy/engines/joseki.sh DIR
#   ./joseki engine publish --name joseki-dev --exec joseki-usi DIR
#   ./joseki tournament --engine 'artifact=joseki-dev tc=10+0.1' --engine 'name=joseki builtin tc=10+0.1' ...
#
# The workers need Java 17 or later on their PATH (the project's image and workers have it).
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: deploy/engines/joseki.sh DIR" >&2; exit 2; }
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="$1"
LIB="$ROOT/cli/target/lib"
"$ROOT/joseki" --version >/dev/null # builds the jars when missing or stale
[ ! -e "$OUT" ] || [ -z "$(ls -A "$OUT")" ] || { echo "deploy/engines/joseki.sh: $OUT is not empty" >&2; exit 2; }
mkdir -p "$OUT/lib"
# The engine's class path: the common and play modules and what they load (UsiMain's imports, the book
# store). Each pattern must match exactly one jar.
for pattern in 'common-*.jar' 'play-*.jar' 'rocksdbjni-*.jar' 'protobuf-java-*.jar' 'slf4j-api-*.jar'; do
  found=("$LIB"/$pattern)
  [ ${#found[@]} -eq 1 ] && [ -f "${found[0]}" ] \
    || { echo "deploy/engines/joseki.sh: expected one $pattern in $LIB, found ${#found[@]}" >&2; exit 1; }
  cp "${found[0]}" "$OUT/lib/"
done
cat >"$OUT/joseki-usi" <<'RUN'
#!/bin/sh
# Joseki's built-in engine speaking USI (dev.joseki.play.usi.UsiMain), from the jars beside this file.
cd "$(dirname "$0")" && exec java -XX:+UseTransparentHugePages -cp 'lib/*' dev.joseki.play.usi.UsiMain "$@"
RUN
chmod 755 "$OUT/joseki-usi"
# A USI handshake proves the class path is complete before anything is published.
reply="$(printf 'usi\nisready\nquit\n' | "$OUT/joseki-usi" 2>&1)"
grep -q '^readyok' <<<"$reply" || { echo "deploy/engines/joseki.sh: the engine in $OUT does not start: $reply" >&2; exit 1; }
echo "wrote $OUT ($(du -sh "$OUT" | cut -f1)); publish it with: ./joseki engine publish --name NAME --exec joseki-usi $OUT"
