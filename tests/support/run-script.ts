import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** What a script printed and how it ended. */
export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/**
 * Runs one of the operators' scripts (`scripts/<name>.ts`) as `npm run <name>` runs it — its own
 * Node process, in the project folder — with `env` on top of this process's environment.
 */
export function runScript(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<ScriptRun> {
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(root, "scripts", `${name}.ts`), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}
