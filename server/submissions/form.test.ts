import { describe, expect, it } from "vitest";
import { LOGO_LIMITS } from "../../core/uploads.ts";
import { FILE_KEPT_BYTES, FORM_TEXT_ALLOWANCE, readUploadForm } from "./form.ts";

const BOUNDARY = "----form-boundary-7MA4YWxk";

/** A multipart body in chunks of `chunk` bytes, the file's bytes made as they are read, never held whole. */
function multipart(fileSize: number, chunk = 64 * 1024): { stream: ReadableStream<Uint8Array>; length: number } {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nQuillpad\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="logo"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(
    `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="submitterEmail"\r\n\r\nme@example.com\r\n--${BOUNDARY}--\r\n`,
  );
  // The tail is sent in two pieces split inside the delimiter: it must still be found.
  const pieces: (Buffer | number)[] = [head, fileSize, tail.subarray(0, 5), tail.subarray(5)];
  let index = 0;
  let fileLeft = fileSize;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces[index];
      if (piece === undefined) return controller.close();
      if (typeof piece === "number") {
        const size = Math.min(chunk, fileLeft);
        fileLeft -= size;
        if (fileLeft === 0) index++;
        if (size > 0) controller.enqueue(new Uint8Array(size).fill(0x2d));
        return;
      }
      index++;
      controller.enqueue(piece);
    },
  });
  return { stream, length: head.length + fileSize + tail.length };
}

function post(stream: ReadableStream<Uint8Array>, contentType = `multipart/form-data; boundary=${BOUNDARY}`): Request {
  return new Request("http://localhost/submit-tool", {
    method: "POST",
    body: stream,
    headers: { "content-type": contentType },
    duplex: "half",
  } as RequestInit);
}

function bodyOf(text: string): ReadableStream<Uint8Array> {
  return new Blob([text]).stream();
}

describe("readUploadForm", () => {
  it("hands over a file of any size cut to one byte past the limit, with every field around it", async () => {
    const result = await readUploadForm(post(multipart(200 * 1024 * 1024).stream));
    expect(result.ok).toBe(true);
    const logo = result.formData.get("logo") as File;
    expect(logo.size).toBe(FILE_KEPT_BYTES);
    expect(logo.size).toBeGreaterThan(LOGO_LIMITS.maxBytes);
    expect(logo.name).toBe("big.png");
    expect(result.formData.get("name")).toBe("Quillpad");
    expect(result.formData.get("submitterEmail")).toBe("me@example.com");
  });

  it("hands over a file under the limit whole", async () => {
    const result = await readUploadForm(post(multipart(1000, 7).stream));
    expect(result.ok).toBe(true);
    expect((result.formData.get("logo") as File).size).toBe(1000);
  });

  it("keeps one file and skips a second", async () => {
    const file = (name: string, bytes: string) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.png"\r\nContent-Type: image/png\r\n\r\n${bytes}\r\n`;
    const result = await readUploadForm(
      post(bodyOf(`${file("logo", "first")}${file("other", "second")}--${BOUNDARY}--\r\n`)),
    );
    expect(result.ok).toBe(true);
    expect([...result.formData.keys()]).toEqual(["logo"]);
  });

  it("says a form is unreadable when it has no boundary or ends before its last boundary", async () => {
    expect(await readUploadForm(post(bodyOf("name=x"), "multipart/form-data; charset=utf-8"))).toMatchObject({
      ok: false,
      problem: "unreadable",
    });
    const cut = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nQuill`;
    expect(await readUploadForm(post(bodyOf(cut)))).toMatchObject({ ok: false, problem: "unreadable" });
  });

  it("says a form is unreadable when the body ends inside its file, and leaves no error behind", async () => {
    const cut = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG`;
    expect(await readUploadForm(post(bodyOf(cut)))).toMatchObject({ ok: false, problem: "unreadable" });
    // Errors busboy reports after the answer would surface here as unhandled.
    await new Promise((resolve) => setTimeout(resolve, 50));
  });

  it("says a form is too large when its text passes the allowance, keeping what came before", async () => {
    const field = (name: string, value: string) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const result = await readUploadForm(
      post(
        bodyOf(
          `${field("name", "Quillpad")}${field("description", "x".repeat(FILE_KEPT_BYTES + FORM_TEXT_ALLOWANCE + 1))}--${BOUNDARY}--\r\n`,
        ),
      ),
    );
    expect(result).toMatchObject({ ok: false, problem: "too-large" });
    expect(result.formData.get("name")).toBe("Quillpad");
  });
});
