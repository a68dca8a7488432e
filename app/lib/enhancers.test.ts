import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENHANCERS } from "./enhancers.ts";

describe("the enhancers", () => {
  it("are exactly the scripts in app/enhancers/, so every name a page asks for is built", () => {
    const files = fs
      .readdirSync(path.join(import.meta.dirname, "../enhancers"))
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
      .map((file) => file.slice(0, -".ts".length));
    expect([...ENHANCERS].sort()).toEqual(files.sort());
  });
});
