import { describe, expect, it } from "vitest";
import { lifecycleFormSchema } from "./lifecycle-form.ts";

describe("lifecycleFormSchema", () => {
  it("takes a state and a successor, the slug lower-cased and trimmed", () => {
    expect(lifecycleFormSchema.parse({ intent: "lifecycle", state: "acquired", successor: "  Notion " })).toEqual({
      intent: "lifecycle",
      state: "acquired",
      successor: "notion",
    });
  });
  it("reads no successor as none", () => {
    expect(lifecycleFormSchema.parse({ intent: "lifecycle", state: "discontinued" }).successor).toBeNull();
    expect(lifecycleFormSchema.parse({ intent: "lifecycle", state: "active", successor: "" }).successor).toBeNull();
  });
  it("refuses a state not in the list and a successor on two lines", () => {
    expect(lifecycleFormSchema.safeParse({ intent: "lifecycle", state: "dead" }).error?.issues[0]?.message).toBe(
      "Please choose a state from the list.",
    );
    expect(lifecycleFormSchema.safeParse({ intent: "lifecycle", state: "acquired", successor: "a\nb" }).success).toBe(
      false,
    );
  });
});
