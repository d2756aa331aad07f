#!/usr/bin/env bash
# Installs Debian's Chromium and its ChromeDriver for the book explorer's browser test
# (explorer-it: ExplorerBrowserTest), and a Japanese font so that kanji pieces render in its screenshot.
# Runs only under the test command (`mvn verify`; skipped with -DskipTests, so `./joseki` installs
# nothing). Idempotent and quiet: does nothing when all three are already there.
# A busy apt/dpkg lock is waited out (apt-lib.sh).
set -euo pipefail
ME="install-browser.sh"
PACKAGES=(chromium chromium-driver fonts-ipafont-gothic)

if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1 \
        && [ -e /usr/share/fonts/opentype/ipafont-gothic/ipag.ttf ]; then
    exit 0
fi

needs_what() {
    echo "the browser test (explorer-it) needs chromium and chromedriver on PATH and the font" \
        "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf"
}

HERE="${BASH_SOURCE[0]%/*}"
[ "$HERE" != "${BASH_SOURCE[0]}" ] || HERE=.
# shellcheck source=apt-lib.sh
. "$HERE/apt-lib.sh"
apt_get update -qq
apt_get install -y -qq --no-install-recommends "${PACKAGES[@]}"
