import { redirect } from "react-router";

/** `/admin`: the dashboard (the layout shows the login instead when signed out). */
export function loader() {
  return redirect("/admin/dashboard");
}

// A page route (not a resource route), so a signed-out visitor gets the login page here too.
export default function AdminIndex() {
  return null;
}
