/**
 * Responses made from bytes already in memory (a rendered page), and those bytes. A Fetch
 * `Response` keeps its body as a web stream, and reading one back (`arrayBuffer()`) makes a
 * callback that V8 allocates in the old generation, keeping the stream and its bytes past
 * young-generation collections (docs/decisions/031): the page cache takes the bytes from here
 * instead.
 */
const bodies = new WeakMap<Response, Buffer>();

/** A response with `body`, which `bodyOf` gives back without reading the stream. */
export function responseWithBody(body: Buffer<ArrayBuffer>, init: ResponseInit): Response {
  const response = new Response(body, init);
  bodies.set(response, body);
  return response;
}

/** A response's whole body: the bytes it was made from, or read from its stream. */
export async function bodyOf(response: Response): Promise<Buffer> {
  return bodies.get(response) ?? Buffer.from(await response.arrayBuffer());
}
