/**
 * The two links in newsletter e-mails (/newsletter/confirm and
 * /newsletter/unsubscribe) work the same way: opening the link changes
 * nothing (mail scanners fetch every link); only a POST carrying the token
 * (from the page's button, or an RFC 8058 one-click POST with the token in
 * the address) acts. These are their loader and action.
 */
import { data, type RouterContextProvider } from "react-router";
import { requestLog } from "~/observability/request-log.server.ts";

/** Longest token we accept; anything longer is not one of ours. */
const maxTokenLength = 256;

function readToken(value: FormDataEntryValue | string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  const token = value.trim();
  return token.length > 0 && token.length <= maxTokenLength ? token : null;
}

export type LinkOutcome<O extends string> = O | "invalid" | "unavailable";

/** GET: which link this is, and the token from the address (400 without a usable one). */
export function newsletterLinkLoader<L extends string>(request: Request, link: L) {
  const token = readToken(new URL(request.url).searchParams.get("token"));
  return data({ token, link }, { status: token ? 200 : 400 });
}

/**
 * POST: runs `act` with the token (from the form, else the address).
 * 400 without a token, 404 for an unknown one, 503 if the service fails.
 */
export async function newsletterLinkAction<O extends string>(
  request: Request,
  act: (token: string) => Promise<O>,
  failure: string,
  context: Readonly<RouterContextProvider>,
) {
  let fromForm: FormDataEntryValue | null = null;
  try {
    fromForm = (await request.formData()).get("token");
  } catch {
    // No form body: the token is in the address (as in one-click POSTs).
  }
  const token = readToken(fromForm ?? new URL(request.url).searchParams.get("token"));
  if (!token) return data({ outcome: "invalid" as LinkOutcome<O> }, { status: 400 });
  try {
    const outcome: LinkOutcome<O> = await act(token);
    return data({ outcome }, { status: outcome === "unknown" ? 404 : 200 });
  } catch (error) {
    requestLog(context).error({ err: error }, failure);
    return data({ outcome: "unavailable" as LinkOutcome<O> }, { status: 503 });
  }
}
