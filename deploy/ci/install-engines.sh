#!/usr/bin/env bash
# Installs Debian's GPS Shogi (package gpsshogi, /usr/games/gpsusi), the external engine that the
# play module's tests run (ClockAdapterTest: a Fischer clock sent as byoyomi). Runs only under the
# test command (`mvn verify`; skipped with -DskipTests and with -Pfast, so `./joseki` and the fast
# tier install nothing). Idempotent and quiet: does nothing when gpsusi is already there.
# A busy apt/dpkg lock is waited out (apt-lib.sh).
set -euo pipefail
ME="install-engines.sh"
PACKAGES=(gpsshogi)

if [ -x /usr/games/gpsusi ]; then
    exit 0
fi

needs_what() {
    echo "the play module's tests need GPS Shogi at /usr/games/gpsusi"
}

HERE="${BASH_SOURCE[0]%/*}"
[ "$HERE" != "${BASH_SOURCE[0]}" ] || HERE=.
# shellcheck source=apt-lib.sh
. "$HERE/apt-lib.sh"
apt_get update -qq
apt_get install -y -qq --no-install-recommends "${PACKAGES[@]}"
