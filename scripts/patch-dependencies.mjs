// Run by npm after every install ("postinstall"). Plain JavaScript, so any Node can run it.
//
// React Router's createStaticRouter, which renders every page on the server, returns an object
// whose properties are getters. V8 puts the functions of an object literal's getters in the old
// generation, and these keep the whole render (its routes, matches and loader data) past
// young-generation collections, until the next full one: a full collection every few seconds
// under load, and slower requests while it runs (docs/decisions/031). The patch below makes them
// plain properties with the same values. A unit test (scripts/patch-dependencies.test.ts) fails
// when the installed React Router is not patched, so an upgrade cannot drop the patch unseen.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// What the static router's state holds, as React Router writes it (its indentation included).
const STATE = `{
				historyAction: "POP",
				location: context.location,
				matches,
				loaderData: context.loaderData,
				actionData: context.actionData,
				errors: context.errors,
				initialized: true,
				renderFallback: false,
				navigation: IDLE_NAVIGATION,
				restoreScrollPosition: null,
				preventScrollReset: false,
				revalidation: "idle",
				fetchers: /* @__PURE__ */ new Map(),
				blockers: /* @__PURE__ */ new Map()
			}`;

const GETTERS = `	return {
		get basename() {
			return context.basename;
		},
		get future() {
			return future;
		},
		get state() {
			return ${STATE};
		},
		get routes() {
			return dataRoutes;
		},
		get manifest() {
			return manifest;
		},
		get window() {},
`;

const PROPERTIES = `	// Patched by toolshelf (scripts/patch-dependencies.mjs): properties, not getters.
	return {
		basename: context.basename,
		future,
		state: ${STATE},
		routes: dataRoutes,
		manifest,
		window: void 0,
`;

export const PATCHES = [
  {
    name: "react-router",
    version: "8.4.0",
    files: ["dist/production/lib/dom/server.js", "dist/development/lib/dom/server.js"],
    from: GETTERS,
    to: PROPERTIES,
  },
];

/** The patched text of `source`, and whether it was patched now, already, or cannot be. */
export function patchText(source, patch) {
  if (source.includes(patch.to)) return { state: "already", text: source };
  if (!source.includes(patch.from)) return { state: "unexpected", text: source };
  return { state: "patched", text: source.replace(patch.from, patch.to) };
}

/** Applies every patch under `nodeModules`; returns one line per file, and whether all hold. */
export function patchAll(nodeModules) {
  const lines = [];
  let ok = true;
  for (const patch of PATCHES) {
    const dir = path.join(nodeModules, patch.name);
    let version;
    try {
      version = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).version;
    } catch {
      lines.push(`${patch.name}: not installed, nothing to patch`);
      continue;
    }
    if (version !== patch.version) {
      ok = false;
      lines.push(`${patch.name} ${version}: the patch is for ${patch.version}, not applied; see scripts/patch-dependencies.mjs`);
      continue;
    }
    for (const file of patch.files) {
      const where = path.join(dir, file);
      const result = patchText(fs.readFileSync(where, "utf8"), patch);
      if (result.state === "patched") fs.writeFileSync(where, result.text);
      if (result.state === "unexpected") ok = false;
      lines.push(`${patch.name}/${file}: ${result.state === "unexpected" ? "not the expected code, not applied" : result.state}`);
    }
  }
  return { ok, lines };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const { ok, lines } = patchAll(path.join(root, "node_modules"));
  // A missing patch costs speed, not correctness: say so, and let the install finish.
  for (const line of lines) (ok ? console.log : console.warn)(`patch-dependencies: ${line}`);
}
