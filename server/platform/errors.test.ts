import { describe, expect, it } from "vitest";
import { CodedError, ToolGoneError } from "./errors.ts";
import { HttpError } from "./http/body-limit.ts";
import { ImportError, RateLimitedError } from "../importer/service.ts";
import { OutboundError } from "./net/fetch.ts";
import { LogoError } from "../submissions/logo.ts";

type ParseCode = "empty" | "garbage";
class ParseError extends CodedError<ParseCode> {}
class ShortParseError extends ParseError {
  constructor(message: string) {
    super("empty", message);
  }
}

describe("CodedError", () => {
  it("carries its code and message, and the subclass's name", () => {
    const error = new ParseError("garbage", "The text could not be read.");
    expect(error.code).toBe("garbage");
    expect(error.message).toBe("The text could not be read.");
    expect(error.name).toBe("ParseError");
    expect(String(error)).toBe("ParseError: The text could not be read.");
    expect(error.stack).toMatch(/^ParseError: The text could not be read\./);
  });

  it("is an instance of every class it extends, down to Error", () => {
    const error = new ShortParseError("Nothing to read.");
    expect(error).toBeInstanceOf(ShortParseError);
    expect(error).toBeInstanceOf(ParseError);
    expect(error).toBeInstanceOf(CodedError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ShortParseError");
    expect(error.code).toBe("empty");
    expect(new ParseError("empty", "x")).not.toBeInstanceOf(ShortParseError);
  });

  it("keeps the cause it is given, and has none otherwise", () => {
    const cause = new Error("ECONNRESET");
    const error = new ParseError("garbage", "The text could not be read.", { cause });
    expect(error.cause).toBe(cause);
    expect("cause" in new ParseError("garbage", "x")).toBe(false);
  });

  it("is the base of the server's errors, each with its name and code", () => {
    const cause = new Error("inner");
    const cases: [CodedError, string, string][] = [
      [new OutboundError("timeout", "No answer."), "OutboundError", "timeout"],
      [new HttpError("content-too-large", "The request is too large."), "HttpError", "content-too-large"],
      [new LogoError("The file is empty.", { cause }), "LogoError", "bad-logo"],
      [new ImportError("The launch page has no name."), "ImportError", "failed"],
      [new RateLimitedError(30_000), "RateLimitedError", "rate-limited"],
      [new ToolGoneError(), "ToolGoneError", "not-found"],
    ];
    for (const [error, name, code] of cases) {
      expect(error, name).toBeInstanceOf(CodedError);
      expect(error.name).toBe(name);
      expect(error.code, name).toBe(code);
    }
    expect(new RateLimitedError(30_000)).toBeInstanceOf(ImportError);
    expect(new LogoError("The file is empty.", { cause }).cause).toBe(cause);
    expect(new ToolGoneError().message).toBe("No tool has this id.");
    expect(new HttpError("length-required", "The request must state its length.").status).toBe(411);
  });
});
