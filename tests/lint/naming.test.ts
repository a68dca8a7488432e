import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The project's own eslint.config.js, run on code that is never written to disk: the naming rule
// of docs/decisions/020 must refuse -ise identifiers and leave ordinary words that end in -ise alone.
const eslint = new ESLint({ cwd: fileURLToPath(new URL("../..", import.meta.url)) });

async function namingErrors(code: string, filePath = "core/example.ts"): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === "id-match").map((message) => message.message);
}

describe("the -ize naming rule", () => {
  it("refuses a British-spelled identifier wherever it is declared or used", async () => {
    expect(
      await namingErrors("export function normaliseEmail(email: string): string { return email.trim(); }\n"),
    ).toHaveLength(1);
    expect(await namingErrors("export const sanitised = { initialiseCache: 1 };\n")).toHaveLength(2);
    expect(await namingErrors("export type SerialisedTool = { id: number };\n", "app/lib/example.ts")).toHaveLength(1);
    expect(
      await namingErrors("export class Catalogue { summariseTool(): void {} }\n", "server/example.ts"),
    ).toHaveLength(1);
  }, 30_000);

  it("accepts -ize names and words that merely end in -ise", async () => {
    const code = [
      "export function normalizeEmail(email: string): string { return email.trim(); }",
      "export const promiseOf = Promise.resolve(1);",
      "export const otherwiseEmpty = [];",
      "export const exerciseCount = 0;",
      "export function fulfilOrder(): void {}",
      "",
    ].join("\n");
    expect(await namingErrors(code, "server/example.ts")).toEqual([]);
  }, 30_000);
});
