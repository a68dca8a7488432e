/**
 * Dependencies loaded the first time something needs them, not at start: each costs several MB of
 * resident memory on top of what serving pages loads (measured: sharp 8, stripe 10,
 * @aws-sdk/client-s3 7), and many processes never use some of them — stripe only in stripe mode,
 * the S3 client only with S3_BUCKET, sharp only for a logo or a screenshot, satori and resvg only
 * for a tool image. A test keeps them out
 * of what the server loads at start (lazy-imports.test.ts).
 *
 * A failed import (a missing package, sharp without its native library) fails the operation that
 * needed it with the import's own error, and is tried again by the next one.
 */
function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}

/** sharp's default export (logos, screenshots, the demo catalogue's logos). */
export const loadSharp = loadOnce(async () => {
  const sharp = (await import("sharp")).default;
  // libvips' operation cache (up to 50 MB) pays only when one image goes through one operation
  // twice; every upload and screenshot here is new, so it only held memory (10 MB after 100 logos).
  sharp.cache(false);
  return sharp;
});

/** The Stripe SDK's client class (stripe payment mode only). */
export const loadStripe = loadOnce(async () => (await import("stripe")).default);

/** The S3 client and commands (S3 storage only). */
export const loadS3 = loadOnce(() => import("@aws-sdk/client-s3"));

/** nodemailer (outgoing e-mail: claim links, the digest). */
export const loadNodemailer = loadOnce(async () => (await import("nodemailer")).default);

/** satori, which lays out the tool images (server/og/render.ts). */
export const loadSatori = loadOnce(async () => (await import("satori")).default);

/** resvg, which turns the tool images' SVG into pixels (server/og/render.ts). */
export const loadResvg = loadOnce(() => import("@resvg/resvg-js"));

/** Observable Plot and a DOM for it to draw in, on the server (the dashboard's charts, server/insights/draw.ts). */
export const loadPlot = loadOnce(async () => {
  const [plot, { parseHTML }] = await Promise.all([import("@observablehq/plot"), import("linkedom")]);
  return { plot, document: parseHTML("<!doctype html><html><body></body></html>").document };
});
