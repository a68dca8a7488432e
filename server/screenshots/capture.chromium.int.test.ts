import type { LookupAddress } from "node:dns";
import dgram from "node:dgram";
import net from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenLocal, listenLocal as listen, type LocalServer } from "../../tests/support/listen.ts";
import {
  createScreenshotCapturer,
  ScreenshotError,
  type ScreenshotCapturer,
  type ScreenshotCapturerOptions,
} from "./capture.ts";

// The capturer with the real system Chromium against servers on 127.0.0.1: a "site" on the
// allow-list (as OUTBOUND_ALLOW lets tests do), and a "private" listener on another loopback port
// that pages try every way they can to reach, and which counts every TCP connection, request,
// WebSocket upgrade and UDP datagram that arrives.

const CHROMIUM = "/usr/bin/chromium";
const COLOUR = { r: 0x12, g: 0xb4, b: 0x6e }; // a green no browser paints by itself

interface Private extends LocalServer {
  udp: dgram.Socket;
  datagrams: number;
}

async function listenPrivate(): Promise<Private> {
  const pixel = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#f00" } })
    .png()
    .toBuffer();
  const local = (await listenLocal((req, res) => {
    // If a request did get here, the page would see it succeed: an image, and data it may read.
    if (req.url === "/pixel.png") return res.writeHead(200, { "content-type": "image/png" }).end(pixel);
    res.writeHead(200, { "access-control-allow-origin": "*", "content-type": "text/html" }).end("internal data");
  })) as Private;
  // The same port number over UDP, where STUN would land.
  local.datagrams = 0;
  local.udp = dgram.createSocket("udp4");
  local.udp.on("message", () => local.datagrams++);
  await new Promise<void>((resolve) => local.udp.bind(local.port, "127.0.0.1", resolve));
  return local;
}

const hitsOn = (local: Private) => local.connections + local.hits + local.upgrades + local.datagrams;

/** A DNS that answers names from the table (a function may change its answer), and knows no other. */
const dnsOf = (names: Record<string, () => string>): ScreenshotCapturerOptions["lookup"] =>
  ((host: string, _options: unknown, callback: (error: Error | null, addresses: LookupAddress[]) => void) => {
    const address = names[host]?.();
    if (!address) return callback(Object.assign(new Error(`no such host ${host}`), { code: "ENOTFOUND" }), []);
    callback(null, [{ address, family: net.isIP(address) }]);
  }) as unknown as ScreenshotCapturerOptions["lookup"];

/** The error a capture fails with (it must fail). */
async function failure(capturer: ScreenshotCapturer, url: string): Promise<ScreenshotError> {
  const error = await capturer.capture(url).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `${url} should not have been captured`).toBeInstanceOf(ScreenshotError);
  return error as ScreenshotError;
}

/** The colour of the middle of a screenshot. */
async function middle(webp: Buffer) {
  const { data, info } = await sharp(webp).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
}

const page = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"></head>` +
  `<body style="margin:0;background:rgb(${COLOUR.r},${COLOUR.g},${COLOUR.b})">${body}</body></html>`;

// Everything a page might use to reach the private port, each attempt ending in an outcome
// (bounded, so a hanging one cannot stall the page); the outcomes go to the site's /report, and
// /hold.png is answered only then, so the "load" the capture waits for comes after the attempts.
const attemptsPage = (privatePort: number) =>
  page(`<img src="/hold.png" alt="">
<script>
const target = "127.0.0.1:${privatePort}";
const bounded = (attempt) => Promise.race([attempt, new Promise((r) => setTimeout(() => r("pending"), 4000))]);
const picture = (src) => new Promise((r) => {
  const img = new Image();
  img.onload = () => r("loaded");
  img.onerror = () => r("error");
  img.src = src;
});
const image = picture("http://" + target + "/pixel.png");
const named = picture("http://localhost:${privatePort}/pixel.png");
const data = fetch("http://" + target + "/data").then((res) => res.text()).then((text) => "read " + text, () => "error");
const frame = new Promise((r) => {
  const iframe = document.createElement("iframe");
  iframe.onload = () => r("load event");
  iframe.src = "http://" + target + "/frame";
  document.body.append(iframe);
});
const socket = new Promise((r) => {
  const ws = new WebSocket("ws://" + target + "/ws");
  ws.onopen = () => r("open");
  ws.onerror = () => r("error");
});
const rtc = (async () => {
  const pc = new RTCPeerConnection({
    iceServers: [{ urls: ["stun:" + target, "turn:" + target + "?transport=udp", "turn:" + target + "?transport=tcp"], username: "u", credential: "p" }],
  });
  pc.createDataChannel("probe");
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise((r) => {
    pc.onicegatheringstatechange = () => pc.iceGatheringState === "complete" && r();
    setTimeout(r, 2500);
  });
  pc.close();
  return "gathered";
})().catch((error) => "error " + error.name);
Promise.all([image, named, data, frame, socket, rtc].map(bounded)).then(([image, named, data, frame, socket, rtc]) =>
  fetch("/report", { method: "POST", body: JSON.stringify({ image, named, data, frame, socket, rtc }) }),
);
</script>`);

describe("screenshot capturer", { timeout: 30_000 }, () => {
  let secret: Private;
  let site: LocalServer;
  let capturer: ScreenshotCapturer;
  let report: Record<string, string> | null = null;
  let releaseHold: () => void = () => {};
  let rebound = 0;

  beforeAll(async () => {
    secret = await listenPrivate();
    const held = new Promise<void>((resolve) => (releaseHold = resolve));
    site = await listen((req, res) => {
      const html = (body: string) => res.writeHead(200, { "content-type": "text/html" }).end(body);
      if (req.url === "/plain") return html(page(""));
      if (req.url === "/attempts") return html(attemptsPage(secret.port));
      if (req.url === "/hold.png") return void held.then(() => res.writeHead(204).end());
      if (req.url === "/report") {
        let body = "";
        req.on("data", (chunk: Buffer) => (body += chunk.toString()));
        req.on("end", () => {
          report = JSON.parse(body) as Record<string, string>;
          releaseHold();
          res.writeHead(204).end();
        });
        return;
      }
      if (req.url === "/to-private") return res.writeHead(302, { location: `http://127.0.0.1:${secret.port}/` }).end();
      if (req.url === "/never") return; // never answers
      res.writeHead(404).end("not here");
    });
    capturer = createScreenshotCapturer({
      chromiumPath: CHROMIUM,
      allow: [`127.0.0.1:${site.port}`, `site.test:${site.port}`],
      timeoutMs: 10_000,
      lookup: dnsOf({
        "site.test": () => "127.0.0.1",
        localhost: () => "127.0.0.1",
        "looks-public.example": () => "127.0.0.1",
        // Public when first asked, then this machine: DNS rebinding.
        "rebinding.example": () => (rebound++ === 0 ? "93.184.216.34" : "127.0.0.1"),
      }),
    });
  });
  afterAll(async () => {
    await capturer?.close();
    await capturer?.close(); // twice is harmless
    await site.close();
    await secret.close();
    secret.udp.close();
  });

  it("answers available when Chromium is there", async () => {
    expect(await capturer.status()).toBe("available");
  });

  it("captures a page as a 1280×800 WebP of what the page shows", async () => {
    const webp = await capturer.capture(`http://127.0.0.1:${site.port}/plain`);
    expect(webp.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(webp.subarray(8, 12).toString("latin1")).toBe("WEBP");
    const meta = await sharp(webp).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1280, 800]);
    const { r, g, b } = await middle(webp);
    // Lossy WebP moves a flat colour by a few levels at most.
    for (const [got, want] of [
      [r, COLOUR.r],
      [g, COLOUR.g],
      [b, COLOUR.b],
    ] as const)
      expect(Math.abs(got - want)).toBeLessThan(8);
  });

  it("reaches an allow-listed name, which only the proxy looks up", async () => {
    const webp = await capturer.capture(`http://site.test:${site.port}/plain`);
    expect((await sharp(webp).metadata()).width).toBe(1280);
  });

  it("lets a page reach no private port by img, fetch, iframe, WebSocket or WebRTC, and still captures it", async () => {
    const webp = await capturer.capture(`http://127.0.0.1:${site.port}/attempts`);
    expect((await sharp(webp).metadata()).width).toBe(1280);
    // The page did try everything (its report came back to the allowed site), and everything failed.
    expect(report).toEqual({
      image: "error",
      named: "error",
      data: "error",
      frame: "load event",
      socket: "error",
      rtc: "gathered",
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect({
      connections: secret.connections,
      requests: secret.hits,
      upgrades: secret.upgrades,
      datagrams: secret.datagrams,
    }).toEqual({
      connections: 0,
      requests: 0,
      upgrades: 0,
      datagrams: 0,
    });
  });

  it("refuses a redirect to a private port", async () => {
    const error = await failure(capturer, `http://127.0.0.1:${site.port}/to-private`);
    expect(error.code).toBe("forbidden-address");
    expect(hitsOn(secret)).toBe(0);
  });

  it("refuses a private address given straight away", async () => {
    const error = await failure(capturer, `http://127.0.0.1:${secret.port}/`);
    expect(error.code).toBe("forbidden-address");
    expect(error.message).not.toMatch(/\n\s+at /); // no stack
    expect(hitsOn(secret)).toBe(0);
  });

  it("refuses a public-looking name that resolves to this machine, even after first resolving elsewhere", async () => {
    expect((await failure(capturer, `http://looks-public.example:${secret.port}/`)).code).toBe("forbidden-address");
    expect((await failure(capturer, `http://rebinding.example:${secret.port}/`)).code).toBe("forbidden-address");
    expect(rebound).toBeGreaterThan(1); // the second answer was asked for, by the proxy
    expect(hitsOn(secret)).toBe(0);
  });

  it.each(["file:///etc/passwd", "javascript:alert(1)", "data:text/html,<h1>hi</h1>", "not a url"])(
    "refuses %s as a bad URL",
    async (url) => {
      expect((await failure(capturer, url)).code).toBe("bad-url");
    },
  );

  it("fails on an HTTP error status, and on time", async () => {
    const missing = await failure(capturer, `http://127.0.0.1:${site.port}/missing`);
    expect([missing.code, missing.message]).toEqual(["failed", `127.0.0.1:${site.port} answered with HTTP 404.`]);
    const quick = createScreenshotCapturer({
      chromiumPath: CHROMIUM,
      allow: [`127.0.0.1:${site.port}`],
      timeoutMs: 1500,
    });
    try {
      const started = Date.now();
      expect((await failure(quick, `http://127.0.0.1:${site.port}/never`)).code).toBe("timeout");
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      await quick.close();
    }
  });

  it("is unavailable without Chromium", async () => {
    const missing = createScreenshotCapturer({ chromiumPath: "/nonexistent/chromium" });
    expect(await missing.status()).toBe("unavailable");
    expect((await failure(missing, "https://example.com/")).code).toBe("unavailable");
    expect(missing.launches).toBe(0);
    await missing.close();
  });

  it("is unavailable when what is there is not a browser that starts", async () => {
    const broken = createScreenshotCapturer({ chromiumPath: "/bin/false", allow: [`127.0.0.1:${site.port}`] });
    const error = await failure(broken, `http://127.0.0.1:${site.port}/plain`);
    expect([error.code, error.message]).toEqual(["unavailable", "The browser for screenshots could not be started."]);
    await broken.close();
  });

  it("takes one capture at a time with concurrency 1, in one browser", async () => {
    let inFlight = 0;
    let most = 0;
    const slow = await listen((req, res) => {
      if (req.url === "/favicon.ico") return res.writeHead(404).end(); // not a page
      most = Math.max(most, ++inFlight);
      setTimeout(() => {
        inFlight--;
        res.writeHead(200, { "content-type": "text/html" }).end(page(""));
      }, 300);
    });
    const one = createScreenshotCapturer({ chromiumPath: CHROMIUM, allow: [`127.0.0.1:${slow.port}`], concurrency: 1 });
    try {
      const shots = await Promise.all([1, 2, 3].map((n) => one.capture(`http://127.0.0.1:${slow.port}/${n}`)));
      expect(shots.map((shot) => shot.subarray(8, 12).toString("latin1"))).toEqual(["WEBP", "WEBP", "WEBP"]);
      expect(most).toBe(1);
      expect(one.launches).toBe(1);
    } finally {
      await one.close();
      await slow.close();
    }
  });
});
