import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { ADMIN_LOGIN_FAILED, adminLoginSchema } from "../../../core/api.ts";
import { safeReturnPath } from "../../../core/likes.ts";
import { attemptLogin } from "../../../server/admin/login.ts";
import { adminCookie, adminOfCookie } from "../../../server/admin/session.ts";
import { servesHttps } from "../../../server/platform/config.ts";
import { fromThisSite } from "../../../server/platform/http/origin.ts";
import { AdminLogin } from "../../components/admin-login.tsx";
import { requestContextKey, servicesContextKey } from "../../context.ts";
import { formReply } from "../../../core/replies.ts";
import type { RouteHandle } from "../../root.tsx";
import type { Route } from "./+types/login.ts";
import { readForm } from "../../lib/form.ts";

export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

// Sent as HTML without React's scripts, like the sign-in shown in place of any admin page when
// signed out (docs/decisions/024): a plain form works the moment it is shown, where a hydrating
// page could drop a submit made while React was still taking it over (seen in the admin journey).
export const handle: RouteHandle = { hydrate: false };

/** Where to go after signing in: an admin page of this site, else the dashboard. */
function afterLogin(redirectTo: string | undefined): string {
  const path = safeReturnPath(redirectTo, "/admin/dashboard");
  return path.startsWith("/admin") && !path.startsWith("/admin/login") && !path.startsWith("/admin/logout")
    ? path
    : "/admin/dashboard";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContextKey);
  const https = servesHttps(services.config);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo") ?? undefined;
  if (await adminOfCookie(services.database, request.headers.get("cookie") ?? undefined, https, services.now())) {
    throw redirect(afterLogin(redirectTo));
  }
  return { redirectTo: afterLogin(redirectTo) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContextKey);
  const { ip } = context.get(requestContextKey);
  const https = servesHttps(services.config);
  const submission = parseWithZod(await readForm(request), { schema: adminLoginSchema });
  if (!fromThisSite(request.headers)) {
    return data(
      formReply(
        submission.reply({ formErrors: ["Sign in from this site's own login page."], hideFields: ["password"] }),
      ),
      { status: 403 },
    );
  }
  if (submission.status !== "success")
    return data(formReply(submission.reply({ hideFields: ["password"] })), { status: 400 });
  const outcome = await attemptLogin(services, {
    ...submission.value,
    ip,
    cookieHeader: request.headers.get("cookie") ?? undefined,
  });
  if (outcome.kind === "throttled") {
    const minutes = Math.ceil(outcome.retryAfterSec / 60);
    return data(
      formReply(
        submission.reply({
          formErrors: [
            `Too many failed logins. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
          ],
          hideFields: ["password"],
        }),
      ),
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSec) } },
    );
  }
  if (outcome.kind === "invalid") {
    return data(formReply(submission.reply({ formErrors: [ADMIN_LOGIN_FAILED], hideFields: ["password"] })), {
      status: 401,
    });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", adminCookie(outcome.token, https));
  headers.append("Set-Cookie", outcome.deviceCookie);
  return redirect(afterLogin(submission.value.redirectTo), { headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return <AdminLogin redirectTo={loaderData.redirectTo} lastResult={actionData?.form} />;
}
