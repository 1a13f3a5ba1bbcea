/**
 * The site's pages at fixed addresses (the courses' and articles' pages come
 * from the catalogue): the site map lists them, and the metrics label each
 * by its own path.
 */
export const staticPagePaths = [
  "/",
  "/about",
  "/contact",
  "/resources",
  "/training",
  "/consulting",
  "/case-studies",
  "/privacy",
  "/terms",
  "/cookies",
  "/get-guide",
  "/newsletter",
] as const;
