import { describe, expect, it } from "vitest";
import { ownStorageKey } from "./moderation.ts";

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
    for (const url of [null, "", "https://elsewhere.example.com/logo.png", "/uploads/../secrets", "/uploads/logos/../../x", "/uploads/", "/assets/logo.png"]) {
      expect(ownStorageKey(url, disk), String(url)).toBeNull();
    }
  });
});
