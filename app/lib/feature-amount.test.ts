import { describe, expect, it } from "vitest";
import { submitAmount } from "./feature-amount.ts";

describe("the submit form's feature amount", () => {
  it.each([
    ["", 100],
    ["  ", 100],
    ["150", 150],
    ["49.9", 49],
    ["5", 19],
    ["99999", 5000],
    ["abc", 19],
  ])("reads %j as $%i (empty is the form's default, else the nearest allowed whole amount)", (text, amount) => {
    expect(submitAmount(text)).toBe(amount);
  });
});
