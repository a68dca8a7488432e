import { describe, expect, it } from "vitest";
import { fastestRun } from "../../../tests/support/timing.ts";
import { redactUrl, redactUrlsIn, urlHost } from "./redact.ts";

describe("redactUrl", () => {
  it.each([
    ["https://user:secret@proxy.example/fetch?key=secret&url=x", "https://proxy.example/fetch?[redacted]"],
    ["https://proxy.example:8443/v1/fetch?apikey=secret", "https://proxy.example:8443/v1/fetch?[redacted]"],
    ["http://secret@127.0.0.1:9000/", "http://127.0.0.1:9000/"],
    ["https://ph-files.imgix.net/abc-logo.png#secret", "https://ph-files.imgix.net/abc-logo.png?[redacted]"],
    ["https://www.producthunt.com/products/quillmate", "https://www.producthunt.com/products/quillmate"],
    ["mailto:secret@example.com", "mailto:[redacted]"],
    // A stack frame of an ES module.
    ["file:///work/main/server/importer/service.ts:230:15", "file:///work/main/server/importer/service.ts:230:15"],
    // Not parseable, still cut.
    ["http://user:secret@[bad/fetch?key=secret", "http://[bad/fetch?[redacted]"],
    ["http://user:secret@host:99999/?key=secret", "http://host:99999/?[redacted]"],
  ])("%s → %s", (url, redacted) => {
    expect(redactUrl(url)).toBe(redacted);
    expect(redactUrl(url)).not.toMatch(/secret/);
  });

  it("takes a URL object too", () => {
    expect(redactUrl(new URL("https://a:secret@proxy.example/x?k=secret"))).toBe("https://proxy.example/x?[redacted]");
  });
});

describe("redactUrlsIn", () => {
  it("redacts every URL in a text and leaves the rest", () => {
    const text =
      "Request cannot be constructed from a URL that includes credentials: https://user:secret@proxy.example/fetch?key=secret\n" +
      "caused by: TypeError: Failed to parse URL from http://[bad/?key=secret: Invalid URL (see https://nodejs.org/api/url.html)";
    expect(redactUrlsIn(text)).toBe(
      "Request cannot be constructed from a URL that includes credentials: https://proxy.example/fetch?[redacted]\n" +
        "caused by: TypeError: Failed to parse URL from http://[bad/?[redacted] Invalid URL (see https://nodejs.org/api/url.html)",
    );
    expect(redactUrlsIn("postgres://app:secret@db.internal:5432/toolshelf?sslmode=require")).toBe(
      "postgres://db.internal:5432/toolshelf?[redacted]",
    );
    expect(redactUrlsIn("No URL here: user:secret")).toBe("No URL here: user:secret");
  });

  it("finds a URL whose scheme follows other scheme characters", () => {
    expect(redactUrlsIn("see ...https://user:secret@proxy.example/x?key=secret")).toBe(
      "see ...https://proxy.example/x?[redacted]",
    );
    expect(redactUrlsIn("a-https://user:secret@proxy.example/x")).toBe("a-https://proxy.example/x");
    expect(redactUrlsIn("1.https://user:secret@proxy.example/x")).toBe("1.https://proxy.example/x");
    expect(redactUrlsIn("(postgres+tls://app:secret@db.internal/x)")).toBe("(postgres+tls://db.internal/x)");
    expect(redactUrlsIn("https:// alone")).toBe("https:// alone");
  });

  // Every logged error's message goes through it, and a message may quote what someone sent.
  it("reads 512 KB of scheme characters in under 100 ms", () => {
    const size = 512 * 1024;
    for (const unit of ["a.", "a-", "x+", "ab.c", "a", "1.", "a.a:/"]) {
      const text = unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
      expect(
        fastestRun(() => redactUrlsIn(text), 100),
        unit,
      ).toBeLessThan(100);
    }
    const endsInUrl = `${"a.".repeat(size / 2 - 20)}https://user:secret@x/`;
    expect(fastestRun(() => redactUrlsIn(endsInUrl), 100)).toBeLessThan(100);
    expect(redactUrlsIn(endsInUrl)).not.toContain("secret");
  });
});

describe("urlHost", () => {
  it("gives the host and port alone", () => {
    expect(urlHost("https://user:secret@proxy.example:8443/fetch?key=secret")).toBe("proxy.example:8443");
    expect(urlHost("http://[::1]:80/")).toBe("[::1]");
    expect(urlHost("not a url secret")).toBe("not a valid address");
  });
});
