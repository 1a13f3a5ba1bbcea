/**
 * The background a form's parts sit on, as the kit's fields and the consent
 * note take it. "dark": the site's navy background (the footer).
 */
export type Tone = "light" | "dark";
