import { redirect } from "react-router";

/** Unknown paths inside the admin portal go to its dashboard (admin-and-sharing section 2). */
export function loader() {
  throw redirect("/admin");
}
