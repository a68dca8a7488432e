import { describe, expect, it } from "vitest";
import { LOGO_LIMITS } from "../../core/uploads.ts";
import { capParts, PART_KEPT_BYTES, readUploadForm } from "./form.ts";

const BOUNDARY = "----form-boundary-7MA4YWxk";

/** A multipart body in chunks of `chunk` bytes, the file's bytes made as they are read, never held whole. */
function multipart(fileSize: number, chunk = 64 * 1024): { stream: ReadableStream<Uint8Array>; length: number } {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nQuillpad\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="logo"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="submitterEmail"\r\n\r\nme@example.com\r\n--${BOUNDARY}--\r\n`);
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

async function collect(stream: ReadableStream<Uint8Array>): Promise<number> {
  let total = 0;
  for await (const chunk of stream) total += chunk.length;
  return total;
}

describe("capParts", () => {
  it("passes a body with parts under the limit through unchanged", async () => {
    const { stream, length } = multipart(1000, 7);
    expect(await collect(capParts(stream, BOUNDARY, PART_KEPT_BYTES).stream)).toBe(length);
  });

  it("drops what a part carries past the limit, however large, and keeps the parts after it", async () => {
    const { stream } = multipart(200 * 1024 * 1024);
    const out = capParts(stream, BOUNDARY, 1000).stream;
    // Only the bytes up to the limit of each part (and each delimiter) get through.
    expect(await collect(out)).toBeLessThan(5000);
  });
});

describe("readUploadForm", () => {
  it("hands over a file over the limit cut to one byte past it, with every field around it", async () => {
    const { stream, length } = multipart(50 * 1024 * 1024);
    const request = new Request("http://localhost/submit-tool", {
      method: "POST",
      body: stream,
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, "content-length": String(length) },
      duplex: "half",
    } as RequestInit);
    const result = await readUploadForm(request);
    expect(result.ok).toBe(true);
    const logo = result.formData.get("logo") as File;
    expect(logo.size).toBeGreaterThan(LOGO_LIMITS.maxBytes);
    expect(logo.size).toBeLessThanOrEqual(PART_KEPT_BYTES);
    expect(result.formData.get("name")).toBe("Quillpad");
    expect(result.formData.get("submitterEmail")).toBe("me@example.com");
  });
});
