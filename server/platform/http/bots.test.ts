import { describe, expect, it } from "vitest";
import { createBotCheck } from "./bots.ts";

describe("telling bots from people by User-Agent", () => {
  it("answers as isbot does, the same each time an agent comes again, past the agents it remembers", () => {
    const isBot = createBotCheck();
    const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
    const crawler = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    for (let round = 0; round < 2; round++) {
      expect(isBot(browser)).toBe(false);
      expect(isBot(crawler)).toBe(true);
      expect(isBot("curl/8.5.0")).toBe(true);
    }
    for (let i = 0; i < 2500; i++) isBot(`${browser} build/${i}`);
    expect(isBot(crawler)).toBe(true);
    expect(isBot(browser)).toBe(false);
  });
});
