#!/usr/bin/env bash
# Writes GPS Shogi (Debian packages gpsshogi and gpsshogi-data) as a directory that `./joseki engine
# publish` can ship to workers that do not have the package: `gpsusi`, the shared libraries it links
# that a bare Debian or Ubuntu system lacks, its evaluation data (OSL_HOME), and `gps-usi`, the program
# to run (31 MB). Installs the packages first when run as root and they are missing.
#
#   deploy/engines/gps-shogi.sh DIR
#   ./joseki engine publish --name gps --exec gps-usi DIR
#   ./joseki tournament --engine 'name=gps artifact=gps option.BookDepth=0 option.Thread=1 tc=10+0.1 clock=byoyomi' ...
#
# The libraries are this machine's (glibc and libstdc++ are not copied): the workers need a glibc at
# least as new (Debian 12 or Ubuntu 22.04 and later).
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: deploy/engines/gps-shogi.sh DIR" >&2; exit 2; }
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="$1"
GPS=/usr/games/gpsusi
DATA=/usr/share/gpsshogi-data/data
if [ ! -x "$GPS" ]; then
  "$ROOT/deploy/ci/install-engines.sh" || true
fi
[ -x "$GPS" ] && [ -d "$DATA" ] \
  || { echo "deploy/engines/gps-shogi.sh: GPS Shogi is not installed ($GPS, $DATA): apt-get install gpsshogi gpsshogi-data" >&2; exit 1; }
[ ! -e "$OUT" ] || [ -z "$(ls -A "$OUT")" ] || { echo "deploy/engines/gps-shogi.sh: $OUT is not empty" >&2; exit 2; }
mkdir -p "$OUT/lib"
cp "$GPS" "$OUT/gpsusi"
# Every library ldd resolves, but the C runtime that every system has.
ldd "$GPS" | awk '/=> \//{print $3}' | grep -Ev '/(libc|libm|libgcc_s|libstdc\+\+|ld-linux[^/]*)\.so' \
  | while read -r lib; do cp -L "$lib" "$OUT/lib/"; done
cp -r "$DATA" "$OUT/data"
cat >"$OUT/gps-usi" <<'RUN'
#!/bin/sh
# GPS Shogi with its libraries (lib/) and evaluation data (data/, found through OSL_HOME) beside it.
# gpsusi saves every option it is given to OSL_HOME/gpsusi.conf and starts from that file: removed here,
# so that each start has GPS Shogi's own defaults and the spec's options, never an earlier run's.
d="$(cd "$(dirname "$0")" && pwd)"
rm -f "$d/gpsusi.conf"
LD_LIBRARY_PATH="$d/lib" OSL_HOME="$d" exec "$d/gpsusi" "$@"
RUN
chmod 755 "$OUT/gps-usi"
reply="$(printf 'usi\nisready\nquit\n' | "$OUT/gps-usi" 2>&1)"
grep -q '^readyok' <<<"$reply" || { echo "deploy/engines/gps-shogi.sh: GPS Shogi in $OUT does not start: $reply" >&2; exit 1; }
echo "wrote $OUT ($(du -sh "$OUT" | cut -f1)); publish it with: ./joseki engine publish --name gps --exec gps-usi $OUT"
