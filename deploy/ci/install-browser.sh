#!/usr/bin/env bash
# Installs Debian's Chromium and its ChromeDriver for the book explorer's browser test
# (explorer-it: ExplorerBrowserTest), and a Japanese font so that kanji pieces render in its screenshot.
# Idempotent and quiet: does nothing when all three are already there.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1 \
        && [ -e /usr/share/fonts/opentype/ipafont-gothic/ipag.ttf ]; then
    exit 0
fi
export DEBIAN_FRONTEND=noninteractive
SUDO=""
if [ "$(id -u)" != 0 ]; then
    if sudo -n true 2>/dev/null; then
        SUDO="sudo -n"
    else
        echo "install-browser.sh: the browser test needs Debian's chromium, chromium-driver and fonts-ipafont-gothic;" >&2
        echo "install them as root (apt-get install chromium chromium-driver fonts-ipafont-gothic) and build again." >&2
        exit 1
    fi
fi
$SUDO apt-get update -qq >/dev/null
$SUDO apt-get install -y -qq --no-install-recommends chromium chromium-driver fonts-ipafont-gothic >/dev/null
