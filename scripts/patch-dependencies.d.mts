// Types for scripts/patch-dependencies.mjs (plain JavaScript, so that npm's postinstall runs on any Node).
export interface DependencyPatch {
  name: string;
  version: string;
  files: string[];
  from: string;
  to: string;
}
export const PATCHES: DependencyPatch[];
export function patchText(source: string, patch: DependencyPatch): { state: "patched" | "already" | "unexpected"; text: string };
export function patchAll(nodeModules: string): { ok: boolean; lines: string[] };
