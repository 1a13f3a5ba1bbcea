import { redirect } from "react-router";

/** /courses (linked by the old site) -> /training, permanently. */
export function loader() {
  return redirect("/training", 301);
}
