import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config.ts";
import { makePrivateDir, PRIVATE_FILE_MODE } from "../private-files.ts";

/** Where uploaded and generated files (logos, screenshots) live; keys are server-made paths. */
export interface Storage {
  /** Stores `body` under `key` and returns the URL the public pages use for it. */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** The bytes stored under `key`; null when there are none. */
  read(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** The folder the app serves at /uploads, for storage on local disk; null otherwise. */
  localRoot: string | null;
}

/** URL path under which the disk storage is served. */
export const UPLOADS_PATH = "/uploads";

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

/**
 * A tool's slug as the start of a file name in a key: slugs may begin with "-" or "_" (slugify
 * keeps them, docs/design.md#validation), which a key segment may not; what is left is never empty.
 */
export function slugKeyPart(slug: string): string {
  return slug.replace(/^[^a-z0-9]+/i, "") || "tool";
}

/** Keys are made by the server, but one that could leave its folder is refused all the same, by every adapter. */
export function assertSafeKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`unsafe storage key: ${key}`);
  return key;
}

/**
 * The storage key of a file URL that our storage made (`/uploads/…` on disk, the bucket's public
 * address on S3); null for anything else (an imported tool's remote logo, a typed-in address).
 */
export function ownStorageKey(url: string | null, storage: Config["storage"]): string | null {
  if (!url) return null;
  const prefix = storage.kind === "s3" ? `${storage.publicUrl}/` : `${UPLOADS_PATH}/`;
  if (!url.startsWith(prefix)) return null;
  try {
    return assertSafeKey(url.slice(prefix.length));
  } catch {
    return null;
  }
}

/** Files on local disk under `root`, served by the app at /uploads. */
export function diskStorage(root: string): Storage {
  const fileOf = (key: string) => path.join(root, assertSafeKey(key));
  return {
    localRoot: root,
    async put(key, body) {
      const file = fileOf(key);
      await makePrivateDir(path.dirname(file));
      // Write then rename, so a reader never sees half a file.
      const partial = `${file}.${randomUUID()}.partial`;
      await fs.writeFile(partial, body, { mode: PRIVATE_FILE_MODE });
      await fs.rename(partial, file);
      return `${UPLOADS_PATH}/${key}`;
    },
    async read(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}
