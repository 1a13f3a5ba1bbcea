// The whole stylesheet is small enough to inline into every page, which
// keeps CSS off the critical path (no render-blocking request). It is read
// only on the server, so it never lands in the browser's JavaScript.
import css from "../app.css?inline";

export const criticalCss: string = css;
