import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";

// What the process logger writes (captured from its stream): never a URL's credentials, whatever
// error names one.

function capture() {
  const lines: string[] = [];
  const log = createLogger("info", { write: (line: string) => void lines.push(line) });
  return { log, text: () => lines.join("") };
}

/** The error a fetch of `url` fails with (Node's fetch, undici). */
async function fetchError(url: string): Promise<Error> {
  return fetch(url).then(
    () => {
      throw new Error(`${url} should have failed`);
    },
    (error: unknown) => error as Error,
  );
}

describe("the process logger", () => {
  it("leaves out the credentials of a URL that a failed fetch names, in the error, its cause and its fields", async () => {
    const { log, text } = capture();
    const errors = [
      // "Request cannot be constructed from a URL that includes credentials: http://user:secret@…"
      await fetchError("http://user:secret@127.0.0.1:9/fetch?key=secret"),
      // "Failed to parse URL from …", caused by ERR_INVALID_URL (whose `input` is the URL)
      await fetchError("http://user:secret@[bad/fetch?key=secret"),
      new Error("proxy failed", {
        cause: new Error("GET https://u:secret@proxy.example/x?apikey=secret answered 500"),
      }),
      Object.assign(new Error("request failed"), {
        url: "https://proxy.example/fetch?key=secret",
        attempts: [new Error("at https://a:secret@b.example/")],
      }),
      new AggregateError(
        [new Error("https://u:secret@one.example/"), new Error("https://two.example/?key=secret")],
        "all failed",
      ),
    ];
    expect(JSON.stringify(errors.map((e) => [e.message, e.stack, e.cause]))).toContain("secret");
    for (const err of errors) log.warn({ err, slug: "quillmate" }, "import: fetch attempt failed");
    const written = text();
    expect(written).not.toContain("secret");
    expect(written).toContain("http://127.0.0.1:9/fetch?[redacted]");
    expect(written).toContain("https://proxy.example/x?[redacted]");
    expect(written.match(/"msg":"import: fetch attempt failed"/g)).toHaveLength(errors.length);
  });

  it("redacts an error logged with no message of its own, whose message becomes the line's", () => {
    const { log, text } = capture();
    log.error(new Error("Could not reach https://user:secret@proxy.example/fetch?key=secret"));
    const entry = JSON.parse(text()) as { msg: string; err: { message: string } };
    expect(entry.msg).toBe("Could not reach https://proxy.example/fetch?[redacted]");
    expect(entry.err.message).toBe(entry.msg);
    expect(text()).not.toContain("secret");
  });

  it("logs errors and other fields as before", () => {
    const { log, text } = capture();
    log.info(
      { err: Object.assign(new Error("Proxy 2 answered 500."), { code: "network" }), n: 1, text: "plain" },
      "done",
    );
    const entry = JSON.parse(text()) as Record<string, unknown>;
    expect(entry).toMatchObject({
      msg: "done",
      n: 1,
      text: "plain",
      service: "toolshelf",
      err: { type: "Error", message: "Proxy 2 answered 500.", code: "network" },
    });
    expect((entry.err as { stack: string }).stack).toMatch(/^Error: Proxy 2 answered 500\.\n\s+at /);
  });

  it("still leaves out request cookies and authorization", () => {
    const { log, text } = capture();
    log.info(
      { req: { headers: { cookie: "session=secret", authorization: "Bearer secret", accept: "text/html" } } },
      "request",
    );
    expect(text()).not.toContain("secret");
    expect(text()).toContain("text/html");
  });
});
