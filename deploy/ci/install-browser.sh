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
apt-get update -qq >/dev/null
apt-get install -y -qq --no-install-recommends chromium chromium-driver fonts-ipafont-gothic >/dev/null
