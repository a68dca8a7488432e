import { spawn, type ChildProcess } from "node:child_process";
import readline from "node:readline";
import { SERVER_ARGS } from "../../scripts/build-freshness.ts";

/**
 * The production server as it is run (`npm start`: build/node/main.js, from `npm run build`) in a
 * child process on an ephemeral port of 127.0.0.1, with `env` on top of this process's. Resolves
 * once it logs "listening". `detached` puts it in its own process group (kill it with its Chromium
 * by `process.kill(-pid)`). `lines`: every line it has written to stdout, kept as it runs.
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv,
  options: { detached?: boolean } = {},
): Promise<{ child: ChildProcess; port: number; lines: string[] }> {
  const child = spawn(process.execPath, [...SERVER_ARGS], {
    env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "inherit"],
    detached: options.detached ?? false,
  });
  const lines: string[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the server did not start within 60 s")), 60_000);
    child.once("exit", (code) => reject(new Error(`the server exited with code ${code}`)));
    readline.createInterface({ input: child.stdout! }).on("line", (line) => {
      lines.push(line);
      try {
        const entry = JSON.parse(line);
        if (entry.msg === "listening") {
          clearTimeout(timer);
          resolve(entry.port);
        } else if (entry.level >= 50) {
          console.error(line);
        }
      } catch {
        console.log(line);
      }
    });
  });
  return { child, port, lines };
}
