#!/usr/bin/env bash
# Installs what the end-to-end tests need on a fresh Debian machine, as root:
# Debian packages (native build deps of code-server, ripgrep, Chromium) and test/e2e/node_modules
# (code-server, playwright-core, mocha, @vscode/test-electron). Idempotent: a second run that finds
# everything in place returns in about a second.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
start=$(date +%s)
log() { printf 'e2e setup: %s\n' "$*"; }

# 1. Debian packages.
pkgs=(libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev pkg-config ripgrep chromium python3 make g++)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
  log "apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# 2. @vscode/ripgrep's postinstall downloads rg from GitHub, which we cannot reach; it first looks
#    for a cached archive, so hand it Debian's rg under the name it expects.
tmp="$(node -p 'require("os").tmpdir()')"
cache="$tmp/vscode-ripgrep-cache-1.15.11"
archive="$cache/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz"
if [[ ! -s "$archive" ]]; then
  log "seeding the ripgrep cache in $cache"
  mkdir -p "$cache"
  stage="$(mktemp -d)"
  cp /usr/bin/rg "$stage/rg"
  tar -czf "$archive" -C "$stage" rg
  rm -rf "$stage"
fi

# 3. npm packages. The machine's npm says yes=false (code-server's postinstall runs `npx node-gyp`),
#    root needs --unsafe-perm, and npm 11 blocks dependency install scripts unless allowed: the
#    allowScripts field in package.json names the ones we need (code-server and its native modules).
export npm_config_yes=true
export npm_config_unsafe_perm=true
stamp="node_modules/.e2e-setup-stamp"
want="$( (cat package.json package-lock.json 2>/dev/null || true) | sha256sum | cut -d' ' -f1)"
if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" && -x node_modules/.bin/code-server ]]; then
  log "node_modules up to date"
else
  log "npm install in $here (code-server builds native modules: several minutes)"
  if [[ -f package-lock.json ]]; then
    npm ci --no-audit --no-fund --unsafe-perm --foreground-scripts
  else
    npm install --no-audit --no-fund --unsafe-perm --foreground-scripts
  fi
  echo "$want" >"$stamp"
fi
log "ready in $(( $(date +%s) - start ))s"
