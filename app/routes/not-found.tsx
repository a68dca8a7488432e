import { data } from "react-router";

// Any path no other route claims: answered with status 404 and the 404 page (root ErrorBoundary).
export function loader() {
  throw data("Page Not Found", { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}
