// Run first by every npm script (package.json): on a Node.js older than the project needs, one clear
// line and exit 1, instead of a stack trace from code an old Node cannot read. Written in the
// JavaScript every Node version runs (no modules, no arrows, no template strings), since its whole
// purpose is to run on the wrong one.
"use strict";

var fs = require("fs");
var path = require("path");

/** The lowest version package.json's `engines.node` (">=22.22.0") allows, as [major, minor, patch]. */
function requiredVersion(root) {
  var engines = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).engines || {};
  var match = /(\d+)\.(\d+)\.(\d+)/.exec(String(engines.node || ""));
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
}

/** Whether `version` ("20.19.2", without the "v") is at least `required`. */
function satisfies(version, required) {
  var parts = String(version).split(".");
  for (var i = 0; i < 3; i++) {
    var have = Number(parts[i]) || 0;
    if (have !== required[i]) return have > required[i];
  }
  return true;
}

/** The line an old Node gets: what is needed, what is running, and the two ways out. */
function message(version, required, execPath) {
  return (
    "toolshelf needs Node.js " +
    required.join(".") +
    " or newer (24 recommended), but this is Node.js " +
    version +
    " (" +
    execPath +
    "). Install Node.js 24 from https://nodejs.org, or run `. scripts/ensure-node.sh` in this shell" +
    " to fetch it into ~/.cache/toolshelf and put it first on PATH, then try again."
  );
}

module.exports = { requiredVersion: requiredVersion, satisfies: satisfies, message: message };

if (require.main === module) {
  var required = requiredVersion(path.join(__dirname, ".."));
  if (!satisfies(process.versions.node, required)) {
    process.stderr.write(message(process.versions.node, required, process.execPath) + "\n");
    process.exit(1);
  }
}
