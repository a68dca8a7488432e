import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Server code never reaches the browser (docs/decisions/022): a module under server/ that the
 * client build would bundle — because a component or a route's component used a server value —
 * fails the build, naming it. Loaders and actions may import server/ freely: React Router strips
 * them, and what only they used, from the browser's copy of a route.
 */
function serverStaysOnTheServer(): Plugin {
  const serverDir = `${path.resolve(import.meta.dirname, "server")}${path.sep}`;
  return {
    name: "toolshelf:server-stays-on-the-server",
    applyToEnvironment: (environment) => environment.name === "client",
    load(id) {
      if (id.startsWith(serverDir)) {
        this.error(`${path.relative(import.meta.dirname, id)} is server code, but the browser's bundle would include it: import only types from server/ in components, and server values only in loaders and actions.`);
      }
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), serverStaysOnTheServer()],
  build: { assetsInlineLimit: 0 },
});
