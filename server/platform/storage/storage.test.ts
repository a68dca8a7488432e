import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diskStorage, ownStorageKey, type Storage } from "./index.ts";
import { s3Storage } from "./s3.ts";

// One contract, both adapters: local disk, and S3 against s3rver (a real S3 API) on 127.0.0.1.

interface Adapter {
  storage: Storage;
  /** The stored bytes and content type, read the way a browser would reach them. */
  read(url: string): Promise<{ body: string; contentType: string | null; cacheControl: string | null } | null>;
}

const BUCKET = "toolshelf-test";
let dir: string;
let s3rver: S3rver;
const adapters: Record<string, () => Adapter> = {};

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "toolshelf-storage-"));
  const root = path.join(dir, "disk");
  adapters.disk = () => ({
    storage: diskStorage(root),
    async read(url) {
      // The app serves the folder at /uploads (with its own headers, tested with the app).
      const file = path.join(root, url.replace(/^\/uploads\//, ""));
      const body = await fs.readFile(file, "utf8").catch(() => null);
      return body === null ? null : { body, contentType: null, cacheControl: null };
    },
  });

  s3rver = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: path.join(dir, "s3"),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3rver.run();
  const endpoint = `http://127.0.0.1:${port}`;
  adapters.s3 = () => ({
    storage: s3Storage({
      bucket: BUCKET,
      endpoint,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      publicUrl: `${endpoint}/${BUCKET}`,
      forcePathStyle: true,
    }),
    async read(url) {
      const res = await fetch(url);
      if (res.status === 404) return null;
      expect(res.status).toBe(200);
      return {
        body: await res.text(),
        contentType: res.headers.get("content-type"),
        cacheControl: res.headers.get("cache-control"),
      };
    },
  });
});

afterAll(async () => {
  await s3rver?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe.each(["disk", "s3"])("%s storage", (name) => {
  const adapter = () => adapters[name]!();

  it("stores a file under its key, answers its public URL, and deletes it", async () => {
    const { storage, read } = adapter();
    const url = await storage.put("logos/acme_1_logo.webp", Buffer.from("hello"), "image/webp");
    expect(url).toEqual(
      name === "disk"
        ? "/uploads/logos/acme_1_logo.webp"
        : expect.stringMatching(/\/toolshelf-test\/logos\/acme_1_logo\.webp$/),
    );
    const stored = await read(url);
    expect(stored?.body).toBe("hello");
    if (name === "s3") {
      expect(stored?.contentType).toBe("image/webp");
      expect(stored?.cacheControl).toBe("public, max-age=31536000, immutable");
    }
    await storage.delete("logos/acme_1_logo.webp");
    expect(await read(url)).toBeNull();
    // Deleting what is not there is not an error.
    await storage.delete("logos/acme_1_logo.webp");
  });

  it("reads back the bytes stored under a key, and nothing for a key never stored or deleted", async () => {
    const { storage } = adapter();
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    await storage.put("logos/read_1_logo.png", bytes, "image/png");
    expect(await storage.read("logos/read_1_logo.png")).toEqual(bytes);
    expect(await storage.read("logos/never_stored.png")).toBeNull();
    await storage.delete("logos/read_1_logo.png");
    expect(await storage.read("logos/read_1_logo.png")).toBeNull();
    await expect(storage.read("../x.png")).rejects.toThrow(/unsafe storage key/);
  });

  it("replaces a file stored again under the same key", async () => {
    const { storage, read } = adapter();
    await storage.put("screenshots/x.webp", Buffer.from("one"), "image/webp");
    const url = await storage.put("screenshots/x.webp", Buffer.from("two"), "image/webp");
    expect((await read(url))?.body).toBe("two");
  });

  it.each([
    "../x.png",
    "logos/../../x.png",
    "/etc/passwd",
    "logos//x.png",
    "",
    "logos/.hidden",
    "logos/a b.png",
    "..\\x.png",
  ])("refuses the key %j, which could leave its folder", async (key) => {
    const { storage } = adapter();
    await expect(storage.put(key, Buffer.from("x"), "image/png")).rejects.toThrow(/unsafe storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/unsafe storage key/);
  });
});

describe("ownStorageKey", () => {
  const disk = { kind: "disk", root: "/data/uploads" } as const;
  const s3 = {
    kind: "s3",
    bucket: "b",
    region: "auto",
    endpoint: undefined,
    publicUrl: "https://cdn.example.com/files",
    accessKeyId: undefined,
    secretAccessKey: undefined,
    forcePathStyle: false,
  } as const;

  it("finds the key of a file our disk storage made", () => {
    expect(ownStorageKey("/uploads/logos/a_1_logo-abc.webp", disk)).toBe("logos/a_1_logo-abc.webp");
    expect(ownStorageKey("/uploads/screenshots/a_1.webp", disk)).toBe("screenshots/a_1.webp");
  });

  it("finds the key of a file in our bucket by its public address", () => {
    expect(ownStorageKey("https://cdn.example.com/files/logos/a.webp", s3)).toBe("logos/a.webp");
    expect(ownStorageKey("/uploads/logos/a.webp", s3)).toBeNull();
  });

  it("leaves alone what is not ours or could leave the folder", () => {
    for (const url of [
      null,
      "",
      "https://elsewhere.example.com/logo.png",
      "/uploads/../secrets",
      "/uploads/logos/../../x",
      "/uploads/",
      "/assets/logo.png",
    ]) {
      expect(ownStorageKey(url, disk), String(url)).toBeNull();
    }
  });
});
