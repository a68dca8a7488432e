#!/usr/bin/env bash
# Run by .ci/run with the machine's own Node while it is older than the project needs (Node 20 on
# CI): every npm script must refuse it with the one line of scripts/check-node.cjs and exit 1.
set -uo pipefail
cd "$(dirname "$0")/.."
failed=0
for script in $(node -e 'console.log(Object.keys(require("./package.json").scripts).join(" "))'); do
  out=$(npm run --silent "$script" 2>&1 </dev/null)
  status=$?
  lines=$(printf '%s\n' "$out" | grep -c .)
  if [ "$status" -ne 1 ] || [ "$lines" -ne 1 ] || ! grep -q "^toolshelf needs Node.js .* or newer (24 recommended), but this is Node.js $(node -p process.versions.node) .*scripts/ensure-node.sh" <<<"$out"; then
    echo "npm run $script on Node $(node --version): exit $status, said:" >&2
    printf '%s\n' "$out" | head -n 5 >&2
    failed=1
  fi
done
[ "$failed" -eq 0 ] && echo "every npm script refuses Node $(node --version) with one clear line"
exit "$failed"
