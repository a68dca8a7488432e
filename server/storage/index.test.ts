import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { diskStorage } from "./index.ts";

describe("diskStorage", () => {
  let root: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), "toolshelf-storage-"));
  });
  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it("stores a file under its key and returns its public URL", async () => {
    const storage = diskStorage(root);
    const url = await storage.put("logos/a_1_b.webp", Buffer.from("hello"), "image/webp");
    expect(url).toBe("/uploads/logos/a_1_b.webp");
    expect(await fs.readFile(path.join(root, "logos/a_1_b.webp"), "utf8")).toBe("hello");
    await storage.delete("logos/a_1_b.webp");
    await expect(fs.stat(path.join(root, "logos/a_1_b.webp"))).rejects.toThrow();
  });

  it("refuses keys that could leave its folder", async () => {
    const storage = diskStorage(root);
    for (const key of ["../x.png", "logos/../../x.png", "/etc/passwd", "logos//x.png", ""]) {
      await expect(storage.put(key, Buffer.from("x"), "image/png")).rejects.toThrow(/unsafe storage key/);
    }
  });
});
