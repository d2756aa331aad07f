#!/usr/bin/env bash
# Checks deploy/k8s against the Kubernetes API schemas and, with --crds DIR, the Strimzi and spark-operator
# CRD schemas (validate.mjs says how). Installs its npm packages (package-lock.json) on first use.
#
#   deploy/k8s/validate/validate.sh [--crds DIR]
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
command -v node >/dev/null && command -v npm >/dev/null \
  || { echo "validate: needs Node.js and npm (e.g. apt-get install -y nodejs npm)" >&2; exit 2; }
if [ ! -d "$HERE/node_modules" ] || [ "$HERE/package-lock.json" -nt "$HERE/node_modules" ]; then
  (cd "$HERE" && npm ci --no-audit --no-fund --loglevel=error >&2)
fi
exec node "$HERE/validate.mjs" "$@"
