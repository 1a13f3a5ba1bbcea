import { seo } from "./meta.ts";

/**
 * A test screen's meta, never indexed: its own, or the not-found page's
 * where the screen is off (it answers 404 there).
 */
export function testScreenMeta(path: string, off: boolean, own: () => { title: string; description: string }) {
  const text = off
    ? { title: "Page Not Found", description: "The page you were looking for could not be found." }
    : own();
  return seo({ ...text, path, noindex: true });
}
