/**
 * A browser's JSON call to one of our API endpoints: the answer's status and
 * its JSON body (null when the body is not JSON: a proxy's error page), or
 * null when no server answered (offline, refused). Never throws.
 */
export async function postJson(
  url: string,
  body: unknown,
): Promise<{ status: number; ok: boolean; json: unknown } | null> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    return null;
  }
  const json: unknown = await response.json().catch(() => null);
  return { status: response.status, ok: response.ok, json };
}
