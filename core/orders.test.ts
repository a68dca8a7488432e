import { describe, expect, it } from "vitest";
import { ABANDONED_AFTER_MS, orderDisplayStatus } from "./orders.ts";

describe("orderDisplayStatus", () => {
  it("tells a refund from a payment kept as credit, and an open checkout from an abandoned one", () => {
    expect(orderDisplayStatus("refunded", 0, 0, "credit")).toBe("credit");
    expect(orderDisplayStatus("refunded", 0, 0, "refund")).toBe("refunded");
    expect(orderDisplayStatus("refunded", 0, 0)).toBe("refunded");
    expect(orderDisplayStatus("created", 0, ABANDONED_AFTER_MS)).toBe("abandoned");
    expect(orderDisplayStatus("created", 1, ABANDONED_AFTER_MS)).toBe("created");
    expect(orderDisplayStatus("paid", 0, 0, null)).toBe("paid");
  });
});
