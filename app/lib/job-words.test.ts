import { describe, expect, it } from "vitest";
import { jobShown, jobWords, scheduleInWords } from "./job-words.ts";

describe("a schedule in words", () => {
  it("reads the shipped schedules as they always read", () => {
    expect(scheduleInWords("0 13 * * *", "Europe/Amsterdam")).toBe("Every day at 13:00, Amsterdam time");
    expect(scheduleInWords("0 4 * * 1", "Europe/Amsterdam")).toBe("Every Monday at 04:00, Amsterdam time");
    expect(scheduleInWords("0 9 * * 1", "Europe/Amsterdam")).toBe("Every Monday at 09:00, Amsterdam time");
  });

  it("reads an operator's everyday pattern, and quotes any other", () => {
    expect(scheduleInWords("30 6 * * *", "Europe/Amsterdam")).toBe("Every day at 06:30, Amsterdam time");
    expect(scheduleInWords("0 5 * * 0", "America/New_York")).toBe("Every Sunday at 05:00, New York time");
    expect(scheduleInWords("25 * * * *", "Europe/Amsterdam")).toBe("Every hour at 25 past");
    expect(scheduleInWords("* * * * *", "UTC")).toBe("Every minute");
    expect(scheduleInWords("*/5 * * * *", "UTC")).toBe("Every 5 minutes");
    expect(scheduleInWords("0 6 1 * *", "Europe/Amsterdam")).toBe('On the schedule "0 6 1 * *", Amsterdam time');
  });
});

describe("a job's words", () => {
  it("quotes the configuration in a description and names every figure of a job's summary", () => {
    const config = {
      productHunt: { importLimit: 20 },
      linkHealth: { failuresToFlag: 3 },
      digest: { newToolsMax: 12, confirmTtlMs: 48 * 3_600_000 },
    } as Parameters<typeof jobShown>[1];
    const shown = jobShown(
      {
        name: "weekly-digest",
        pattern: "0 9 * * 1",
        timezone: "Europe/Amsterdam",
        enabled: true,
        setting: "DIGEST_ENABLED",
      },
      config,
    );
    expect(shown).toMatchObject({
      label: "Weekly digest",
      when: "Every Monday at 09:00, Amsterdam time",
      runningLabel: "Sending the weekly digest…",
    });
    expect(shown.description).toContain("at most 12");
    expect(Object.keys(shown.figures)).toEqual(["week", "sent", "failed", "outcome"]);
  });

  it("words outcomes, and reads a job without words of its own by its name", () => {
    expect(jobWords("link-health").describe({ checked: 3, ok: 2, failed: 1, flagged: 0 })).toBe(
      "Checked 3 websites: 2 reachable, 1 failed, 0 flagged.",
    );
    expect(jobWords("link-health").busyMessage(null)).toBe(
      "A link check is already running. Try again when it has finished.",
    );
    expect(jobWords("mystery").label).toBe("mystery");
    expect(jobWords("mystery").failedMessage("No.")).toBe("mystery failed: No.");
  });
});
