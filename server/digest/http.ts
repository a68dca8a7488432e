import express, { type Router } from "express";
import { sendPlainPage } from "../platform/http/plain-page.ts";
import { subscriberOfToken, unsubscribe, type SubscriberDeps } from "./subscribers.ts";

// `POST /digest/unsubscribe/{token}`: the one-click unsubscribe of RFC 8058. A mail program posts
// `List-Unsubscribe=One-Click` to the List-Unsubscribe URL from its own servers, with no cookie
// and perhaps an Origin of its own, so this is answered here, before the cross-site form guard
// and React Router's own origin check: the signed token is the whole authority, and all it can
// do is unsubscribe the reader it was made for. The unsubscribe page's button posts the same
// body and is sent back to the page (303), which then says the reader is unsubscribed.

const BODY_LIMIT = "8kb";
const TOKEN_PATH = /^\/([^/]+)\/?$/;

/** What the one-click unsubscribe needs of the running server. */
export type DigestUnsubscribeDeps = Pick<SubscriberDeps, "database" | "signingKey" | "now">;

/** The router for `/digest/unsubscribe`; GET falls through to the page. */
export function digestUnsubscribeRoutes(services: DigestUnsubscribeDeps): Router {
  const router = express.Router();
  // Only posts are answered here; a GET (the link in the mail) is the page's.
  router.use((req, _res, next) => next(req.method === "POST" ? undefined : "router"));
  router.use(express.raw({ type: () => true, limit: BODY_LIMIT }));
  router.use(async (req, res) => {
    res.set("Cache-Control", "no-store");
    const fail = (status: number, title: string, message: string) => sendPlainPage(res, status, { title, message });
    const token = TOKEN_PATH.exec(req.path)?.[1];
    if (!token) return fail(404, "Link not valid", "This unsubscribe link is not valid.");

    let form: FormData;
    try {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      form = await new Request("http://localhost/", {
        method: "POST",
        headers: { "content-type": req.get("content-type") ?? "" },
        body: new Uint8Array(body),
      }).formData();
    } catch {
      return fail(400, "Not unsubscribed", "The request could not be read. Send List-Unsubscribe=One-Click as a form.");
    }
    const intent = form.getAll("List-Unsubscribe");
    if (intent.length !== 1 || intent[0] !== "One-Click") {
      return fail(400, "Not unsubscribed", "To unsubscribe, send List-Unsubscribe=One-Click (RFC 8058).");
    }
    const subscriberId = await subscriberOfToken(services, token);
    if (!subscriberId || !(await unsubscribe(services.database, subscriberId, services.now()))) {
      return fail(404, "Link not valid", "This unsubscribe link is not valid.");
    }
    if (form.get("source") === "page") return res.redirect(303, `/digest/unsubscribe/${token}`);
    sendPlainPage(res, 200, {
      title: "Unsubscribed",
      message: "You are unsubscribed from the weekly digest. No more issues will be sent to this address.",
    });
  });
  return router;
}
