import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { rolldown } from "rolldown";
import { defineConfig, type Plugin } from "vite";

const ROOT = import.meta.dirname;
const SERVER_DIR = `${path.resolve(ROOT, "server")}${path.sep}`;

/** Why a module may not be in a browser bundle, or null when it may (docs/decisions/022). */
function serverCodeRefusal(id: string): string | null {
  if (!id.startsWith(SERVER_DIR)) return null;
  return `${path.relative(ROOT, id)} is server code, but the browser's bundle would include it: import only types from server/ in components, and server values only in loaders and actions.`;
}

/**
 * Server code never reaches the browser (docs/decisions/022): a module under server/ that the
 * client build would bundle — because a component or a route's component used a server value —
 * fails the build, naming it. Loaders and actions may import server/ freely: React Router strips
 * them, and what only they used, from the browser's copy of a route.
 */
function serverStaysOnTheServer(): Plugin {
  return {
    name: "toolshelf:server-stays-on-the-server",
    applyToEnvironment: (environment) => environment.name === "client",
    load(id) {
      const refusal = serverCodeRefusal(id);
      if (refusal) this.error(refusal);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Browser code of pages that do not hydrate (docs/decisions/024): each app/enhancers/<name>.ts is
// bundled into one small script that a page inlines with its CSP nonce (PageScript), and each
// app/islands/<name>.tsx into an ES module with its own React, which an enhancer imports (by the
// address __ISLANDS__ gives it) when the visitor first asks for what it shows. The server build
// reads the enhancers from `virtual:toolshelf/browser-code`; the client build writes the islands
// under assets/.

const ENHANCERS_DIR = "app/enhancers";
const ISLANDS_DIR = "app/islands";
const BROWSER_CODE = "virtual:toolshelf/browser-code";
/** An enhancer is inlined into every page that uses it: past this (minified), something large came in. */
const ENHANCER_MAX_BYTES = 8 * 1024;
/** Where the development server answers an island (built afresh for every request). */
const DEV_ISLAND_PATH = /^\/@toolshelf\/islands\/([a-z0-9-]+)\.js$/;

interface BrowserCode {
  /** Minified code of each enhancer, by name. */
  enhancers: Record<string, string>;
  /** Each island's address, and (built for production) its file under build/client and its code. */
  islands: Record<string, { url: string; fileName?: string; code?: string }>;
  /** Every source file the code was made from (watched in development). */
  files: string[];
}

/** The entries of a folder with an extension, by name (the file name without it). */
function entries(dir: string, extension: string): [name: string, file: string][] {
  return fs
    .readdirSync(path.join(ROOT, dir))
    .filter((file) => file.endsWith(extension) && !/\.test\.tsx?$/.test(file))
    .sort()
    .map((file) => [file.slice(0, -extension.length), path.join(ROOT, dir, file)]);
}

/** One self-contained browser bundle: everything it imports inside, no code splitting. */
async function bundle(
  input: string,
  { format, production, define = {} }: { format: "iife" | "es"; production: boolean; define?: Record<string, string> },
): Promise<{ code: string; files: string[] }> {
  const build = await rolldown({
    input,
    platform: "browser",
    logLevel: "warn",
    // An island is imported by its address (__ISLANDS__), never bundled into the enhancer.
    external: (id) => id.startsWith("/assets/") || id.startsWith("/@toolshelf/"),
    // Libraries' "use client" markers mean nothing in a bundle of its own.
    onLog: (level, log, handler) => {
      if (log.code !== "MODULE_LEVEL_DIRECTIVE") handler(level, log);
    },
    transform: {
      jsx: { runtime: "automatic", development: !production },
      define: { "process.env.NODE_ENV": JSON.stringify(production ? "production" : "development"), ...define },
    },
    plugins: [
      {
        name: "toolshelf:server-stays-on-the-server",
        load(id) {
          const refusal = serverCodeRefusal(id);
          if (refusal) this.error(refusal);
        },
      },
    ],
  });
  try {
    const { output } = await build.generate({
      format,
      minify: production,
      codeSplitting: false,
      // An enhancer is inlined into every page that uses it: not a byte more than it needs. An
      // island keeps the licence notices of what it bundles (React).
      comments: format === "iife" ? false : { legal: true, annotation: false, jsdoc: false },
    });
    const chunk = output[0];
    return { code: chunk.code, files: chunk.moduleIds.filter((id) => path.isAbsolute(id)) };
  } finally {
    await build.close();
  }
}

async function buildBrowserCode(production: boolean): Promise<BrowserCode> {
  const files: string[] = [];
  const islands: BrowserCode["islands"] = {};
  for (const [name, file] of entries(ISLANDS_DIR, ".tsx")) {
    if (!production) {
      islands[name] = { url: `/@toolshelf/islands/${name}.js` };
      continue;
    }
    const built = await bundle(file, { format: "es", production });
    const hash = createHash("sha256").update(built.code).digest("base64url").slice(0, 10);
    const fileName = `assets/${name}-${hash}.js`;
    islands[name] = { url: `/${fileName}`, fileName, code: built.code };
    files.push(...built.files);
  }
  // Enhancers know the islands' addresses (__ISLANDS__), so they can import one when first needed.
  const urls = Object.fromEntries(Object.entries(islands).map(([name, island]) => [name, island.url]));
  const enhancers: Record<string, string> = {};
  for (const [name, file] of entries(ENHANCERS_DIR, ".ts")) {
    const built = await bundle(file, { format: "iife", production, define: { __ISLANDS__: JSON.stringify(urls) } });
    // Inlined into HTML: a closing tag inside would end the script early.
    if (/<\/script|<!--/i.test(built.code))
      throw new Error(`${ENHANCERS_DIR}/${name}.ts: its code contains "</script" or "<!--", which cannot be inlined`);
    if (production && built.code.length > ENHANCER_MAX_BYTES) {
      throw new Error(
        `${ENHANCERS_DIR}/${name}.ts is ${(built.code.length / 1024).toFixed(1)} KB minified, over ${ENHANCER_MAX_BYTES / 1024} KB: ` +
          "enhancers are inlined into pages (did an import bring a library, such as Zod?); what needs more is an island",
      );
    }
    enhancers[name] = built.code.trim();
    files.push(...built.files);
  }
  return { enhancers, islands, files: [...new Set(files)] };
}

/** Built once per production build, for the client build (the island files) and the server build (the rest). */
let productionCode: Promise<BrowserCode> | undefined;

function browserCode(): Plugin {
  let production = true;
  return {
    name: "toolshelf:browser-code",
    configResolved(config) {
      production = config.command === "build";
    },
    resolveId(id) {
      return id === BROWSER_CODE ? `\0${BROWSER_CODE}` : undefined;
    },
    async load(id) {
      if (id !== `\0${BROWSER_CODE}`) return;
      // Only the server renders the scripts: the browser's copy of a route needs none of it.
      if (this.environment.name === "client") return "export const enhancers = {};\n";
      const code = production ? await (productionCode ??= buildBrowserCode(true)) : await buildBrowserCode(false);
      for (const file of code.files) this.addWatchFile(file);
      return `export const enhancers = ${JSON.stringify(code.enhancers)};\n`;
    },
    async generateBundle() {
      if (!production || this.environment.name !== "client") return;
      const code = await (productionCode ??= buildBrowserCode(true));
      for (const island of Object.values(code.islands)) {
        if (island.fileName && island.code !== undefined)
          this.emitFile({ type: "asset", fileName: island.fileName, source: island.code });
      }
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = DEV_ISLAND_PATH.exec((req.url ?? "").split("?")[0]!)?.[1];
        const file = name && path.join(ROOT, ISLANDS_DIR, `${name}.tsx`);
        if (!file || !fs.existsSync(file)) return next();
        bundle(file, { format: "es", production: false }).then(({ code }) => {
          res.setHeader("Content-Type", "text/javascript; charset=utf-8");
          res.setHeader("Cache-Control", "no-store");
          res.end(code);
        }, next);
      });
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), serverStaysOnTheServer(), browserCode()],
  build: { assetsInlineLimit: 0 },
});
