import { createContext, type RouterContextProvider, type RouterContext } from "react-router";
import type { AuditActor } from "../server/audit/audit.ts";
import type { AppServices, RequestInfo } from "../server/services.ts";

// This module is evaluated twice in one process: natively by the Express server and once more
// inside the React Router server bundle (or by Vite in development). Context keys compare by
// identity, so both copies take theirs from one registry on globalThis.
const registry = globalThis as typeof globalThis & { __toolshelfContexts?: Map<string, RouterContext<unknown>> };
function sharedContext<T>(name: string): RouterContext<T> {
  registry.__toolshelfContexts ??= new Map();
  let key = registry.__toolshelfContexts.get(name);
  if (!key) {
    key = createContext<T>() as RouterContext<unknown>;
    registry.__toolshelfContexts.set(name, key);
  }
  return key as RouterContext<T>;
}

/** The server's services (database, config, logger, limiters), for loaders and actions. */
export const servicesContextKey = sharedContext<AppServices>("services");

/** Facts about the current request (client IP, CSP nonce, request id). */
export const requestContextKey = sharedContext<RequestInfo>("request");

/** The signed-in admin, set by the admin area's middleware for every admin loader and action. */
export const adminContextKey = sharedContext<{ id: string; username: string }>("admin");

/** The signed-in admin with the address they act from, as the audit log records them. */
export function adminActor(context: Readonly<RouterContextProvider>): AuditActor {
  return { ...context.get(adminContextKey), ip: context.get(requestContextKey).ip };
}
