import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** The site's routes: this table mirrors the product's route table. */
export default [
  index("routes/home.tsx"),
  route("privacy", "routes/legal.tsx", { id: "legal-privacy" }),
  route("terms", "routes/legal.tsx", { id: "legal-terms" }),
  route("cookies", "routes/legal.tsx", { id: "legal-cookies" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
