import { describe, expect, it } from "vitest";
import { adminLoginSchema, checkoutRequestSchema, takeScreenshotSchema } from "./api.ts";

const AMOUNT = "amount must be a whole number of dollars from 19 to 5000.";

describe("checkoutRequestSchema", () => {
  it.each([
    [19, 19],
    [5000, 5000],
    [250, 250],
    ["250", 250],
    [" 100 ", 100],
  ])("takes amount %j as %i dollars", (amount, dollars) => {
    expect(checkoutRequestSchema.parse({ toolId: " t1 ", amount })).toEqual({ toolId: "t1", amount: dollars });
  });

  it.each([18, 5001, 19.5, "19.5", "abc", "", -5, "-5", 0, null, true, Number.NaN, Number.POSITIVE_INFINITY, "1e3"])(
    "refuses amount %j with one clear message",
    (amount) => {
      const result = checkoutRequestSchema.safeParse({ toolId: "t1", amount });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(AMOUNT);
    },
  );

  it("needs a tool id", () => {
    expect(checkoutRequestSchema.safeParse({ amount: 19 }).error?.issues[0]?.message).toBe("toolId is required.");
    expect(checkoutRequestSchema.safeParse({ toolId: "  ", amount: 19 }).error?.issues[0]?.message).toBe(
      "toolId is required.",
    );
    expect(checkoutRequestSchema.safeParse({ toolId: "x".repeat(101), amount: 19 }).error?.issues[0]?.message).toBe(
      "toolId is too long.",
    );
  });
});

describe("takeScreenshotSchema", () => {
  it("takes an http(s) url and a tool id", () => {
    expect(takeScreenshotSchema.parse({ url: " https://example.com/ ", toolId: "t1" })).toEqual({
      url: "https://example.com/",
      toolId: "t1",
    });
  });

  it.each([
    [{ toolId: "t1" }, "url is required."],
    [{ url: "ftp://example.com", toolId: "t1" }, "url must be an http(s) address."],
    [{ url: "https://example.com" }, "toolId is required."],
    [
      { url: "https://example.com/\r\nx", toolId: "t1" },
      "url must be one line of text, without line breaks, tabs or invisible control characters.",
    ],
  ])("refuses %j", (body, message) => {
    expect(takeScreenshotSchema.safeParse(body).error?.issues[0]?.message).toBe(message);
  });
});

describe("adminLoginSchema", () => {
  it("refuses a username with a line break or a control character, with the form's words", () => {
    for (const username of ["admin\r\nx", "ad\u0000min", "\u202Eadmin"]) {
      expect(adminLoginSchema.safeParse({ username, password: "p" }).error?.issues[0]?.message).toBe(
        "Username must be one line of text, without line breaks, tabs or invisible control characters.",
      );
    }
    expect(adminLoginSchema.safeParse({ username: "admin", password: "pass\tword" }).success).toBe(true);
  });
});
