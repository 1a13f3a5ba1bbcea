/**
 * The one redaction of third-party error texts before they are logged or
 * stored (outbox and webhook `last_error`, a booking's failure message, the
 * `err` of every log line): mail servers, Stripe and other services quote the
 * person's e-mail address in their errors ("550 <ann@example.com>: unknown",
 * "Invalid email address: ann@example.com"). Pure; no other module keeps a
 * pattern of its own.
 *
 * An address is masked in any spelling an error text may carry it: plain, in
 * angle brackets, quoted, after `mailto:`, with a plus tag, in capitals, and
 * URL-encoded (`ann%40example.com`, `ann%2Bx%40example.com`, as in a query
 * string a service echoes). Phone numbers are left alone: no service we call
 * quotes one, and a pattern for them would also mask ports, ids and times.
 */

/** Letters and digits of any script, and what else an unquoted local part or a domain holds. */
const localPart = String.raw`[\p{L}\p{N}._%+!#$&*?^{|}~\-]+`;
const domain = String.raw`[\p{L}\p{N}\-]+(?:\.[\p{L}\p{N}\-]+)*`;
/** The at sign, bare or URL-encoded (once or twice). */
const at = String.raw`(?:@|%40|%2540)`;
const address = new RegExp(`${localPart}${at}${domain}`, "giu");

/** Replaces anything shaped like an e-mail address by `[address]`. */
export function redactAddresses(text: string): string {
  return text.replace(address, "[address]");
}
