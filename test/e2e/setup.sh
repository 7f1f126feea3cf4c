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
  sudo=()
  if [[ "$(id -u)" != 0 ]]; then
    command -v sudo >/dev/null || { log "ERROR: not root and no sudo: install ${missing[*]} first"; exit 1; }
    sudo=(sudo -E)
  fi
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# 2. @vscode/ripgrep's postinstall downloads rg from GitHub, which we cannot reach; it first looks
#    for a cached archive, so hand it Debian's rg under the name it expects (rg 13 or newer).
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
#    root needs --unsafe-perm, and npm 11 checks dependency install scripts against the allowScripts
#    field of package.json (code-server and argon2 are listed). code-server's postinstall then runs
#    `npm install` inside its own lib/vscode (VS Code's pinned npm-shrinkwrap), whose native modules
#    (node-pty, spdlog, watchdog, kerberos, ripgrep) we cannot list there: step 4 checks them.
export npm_config_yes=true
export npm_config_unsafe_perm=true
export npm_config_strict_allow_scripts=false
stamp="node_modules/.e2e-setup-stamp"
want="$( (cat package.json package-lock.json 2>/dev/null || true) | sha256sum | cut -d' ' -f1)"
vs="node_modules/code-server/lib/vscode"
artifacts=(
  node_modules/.bin/code-server
  node_modules/playwright-core/package.json
  node_modules/mocha/package.json
  node_modules/@vscode/test-electron/package.json
  "$vs/node_modules.asar"
  "$vs/node_modules/@vscode/ripgrep/bin/rg"
  "$vs/node_modules/node-pty/build/Release/pty.node"
  "$vs/node_modules/@vscode/spdlog/build/Release/spdlog.node"
  "$vs/node_modules/native-watchdog/build/Release/watchdog.node"
  "$vs/extensions/node_modules"
)
complete() {
  local a
  for a in "${artifacts[@]}"; do [[ -e "$a" ]] || { echo "$a"; return 1; }; done
}
if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" ]] && complete >/dev/null; then
  log "node_modules up to date"
else
  mkdir -p .cache
  npmlog="$here/.cache/npm-install.log"
  log "npm ci in $here (code-server builds native modules: a few minutes; log: $npmlog)"
  rm -f "$stamp"
  cmd=(npm ci)
  [[ -f package-lock.json ]] || cmd=(npm install)
  if ! "${cmd[@]}" --no-audit --no-fund --unsafe-perm --foreground-scripts >"$npmlog" 2>&1; then
    tail -n 60 "$npmlog"
    log "ERROR: ${cmd[*]} failed (whole log: $npmlog)"
    exit 1
  fi
  # 4. Where npm skipped the install scripts of lib/vscode's dependencies (a policy that blocks
  #    scripts not listed in allowScripts), run code-server's postinstall again allowing them: that
  #    dependency set is VS Code's own, pinned by its shrinkwrap.
  if ! missing="$(complete)"; then
    log "missing after install: $missing; re-running code-server's postinstall with its dependencies' scripts allowed"
    npm_config_dangerously_allow_all_scripts=true npm rebuild code-server --unsafe-perm --foreground-scripts >>"$npmlog" 2>&1 || tail -n 60 "$npmlog"
  fi
  if ! missing="$(complete)"; then
    log "ERROR: still missing: $missing"
    exit 1
  fi
  echo "$want" >"$stamp"
fi
log "ready in $(( $(date +%s) - start ))s"
