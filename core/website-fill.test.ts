import { describe, expect, it } from "vitest";
import { PROPOSED_LOGO_FIELD, withProposedLogo } from "./website-fill.ts";

const bytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 1, 2, 255]);
const base64 = Buffer.from(bytes).toString("base64");

function form(entries: [string, string | File][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("the proposed logo as the form's logo file", () => {
  it("becomes the logo file when none is chosen, byte for byte", async () => {
    const result = withProposedLogo(
      form([
        ["name", "Acme"],
        ["logo", new File([], "")],
        [PROPOSED_LOGO_FIELD, base64],
      ]),
    );
    const logo = result.get("logo");
    expect(logo).toBeInstanceOf(File);
    expect(new Uint8Array(await (logo as File).arrayBuffer())).toEqual(bytes);
    expect((logo as File).name).toBe("logo-from-website.webp");
    expect(result.get("name")).toBe("Acme");
    expect(result.getAll("logo")).toHaveLength(1);
  });

  it("gives way to a chosen file", () => {
    const chosen = new File([new Uint8Array([1, 2, 3])], "mine.png");
    const data = form([
      ["logo", chosen],
      [PROPOSED_LOGO_FIELD, base64],
    ]);
    expect(withProposedLogo(data).get("logo")).toBe(chosen);
  });

  it("is ignored when absent, empty or not base64 (the form then says a logo is missing)", () => {
    for (const value of [null, "", "%%% not base64"]) {
      const data = form(value === null ? [["name", "Acme"]] : [[PROPOSED_LOGO_FIELD, value]]);
      expect(withProposedLogo(data)).toBe(data);
    }
  });
});
