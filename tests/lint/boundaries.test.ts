import { ESLint } from "eslint";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The project's own eslint.config.js on code placed where a newcomer might put it: the layer rules
// must hold at any depth (a relative pattern such as "../app/*" missed a file three folders down),
// and an import cycle must be refused. The modules imported are the project's real ones.
const root = fileURLToPath(new URL("../..", import.meta.url));
const eslint = new ESLint({ cwd: root });

async function errors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
}

describe("layer boundaries", () => {
  it("refuses a domain importing the composition root or the React app, however deep it sits", async () => {
    expect(
      await errors(
        `import type { AppServices } from "../../../services.ts";\nexport type X = AppServices;\n`,
        "server/likes/a/b/deep.ts",
      ),
    ).toEqual(["boundaries/dependencies"]);
    expect(
      await errors(
        `import type { AppLoadContext } from "../../../../app/context.ts";\nexport type X = AppLoadContext;\n`,
        "server/x/y/z/deep.ts",
      ),
    ).toEqual(["boundaries/dependencies"]);
  }, 30_000);

  it("refuses the platform importing a domain, and core importing the server", async () => {
    expect(
      await errors(
        `import { likeTool } from "../../likes/service.ts";\nexport const f = likeTool;\n`,
        "server/platform/http/example.ts",
      ),
    ).toEqual(["boundaries/dependencies"]);
    expect(
      await errors(
        `import type { Database } from "../server/platform/db/index.ts";\nexport type X = Database;\n`,
        "core/example.ts",
      ),
    ).toContain("boundaries/dependencies");
  }, 30_000);

  it("accepts a domain using the platform and core, and the composition root using anything", async () => {
    expect(
      await errors(
        `import type { Database } from "../../platform/db/index.ts";\nimport { CATEGORIES } from "../../../core/categories.ts";\nexport type X = Database;\nexport const c = CATEGORIES;\n`,
        "server/likes/a/example.ts",
      ),
    ).toEqual([]);
    expect(
      await errors(
        `import type { AppServices } from "./services.ts";\nexport type X = AppServices;\n`,
        "server/example.ts",
      ),
    ).toEqual([]);
  }, 30_000);
});

describe("import cycles", () => {
  // Two real files that import each other (lint follows imports on disk), removed afterwards.
  const dir = path.join(root, "server", `lint-cycle-${process.pid}`);
  beforeAll(() => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "a.ts"), `import { b } from "./b.ts";\nexport const a = (): number => b() + 1;\n`);
    fs.writeFileSync(
      path.join(dir, "b.ts"),
      `import { a } from "./a.ts";\nexport const b = (): number => (a ? 1 : 0);\n`,
    );
    fs.writeFileSync(path.join(dir, "c.ts"), `export const c = 1;\n`);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("refuses a module that imports one that imports it back", async () => {
    expect(
      await errors(fs.readFileSync(path.join(dir, "a.ts"), "utf8"), path.relative(root, path.join(dir, "a.ts"))),
    ).toContain("import-x/no-cycle");
  }, 30_000);

  it("accepts an import that leads nowhere back", async () => {
    expect(
      await errors(`import { c } from "./c.ts";\nexport const d = c;\n`, path.relative(root, path.join(dir, "d.ts"))),
    ).toEqual([]);
  }, 30_000);
});
