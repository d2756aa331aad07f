#!/usr/bin/env bash
# Checks deploy/k8s (or MANIFEST_DIR) against the Kubernetes API and Strimzi schemas and, with --crds DIR,
# against CRD schemas such as spark-operator's (validate.mjs says how). Installs its npm packages
# (package-lock.json) into node_modules beside it on first use.
#
#   deploy/k8s/validate/validate.sh [--crds DIR] [MANIFEST_DIR]
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
command -v node >/dev/null && command -v npm >/dev/null \
  || { echo "validate: needs Node.js and npm (e.g. apt-get install -y nodejs npm)" >&2; exit 2; }
if [ ! -d "$HERE/node_modules" ] || [ "$HERE/package-lock.json" -nt "$HERE/node_modules" ]; then
  (cd "$HERE" && npm ci --no-audit --no-fund --loglevel=error >&2)
fi
exec node "$HERE/validate.mjs" "$@"
