import { useEffect, useRef } from "react";
import { protectionFields } from "~/forms/protection.ts";

/**
 * The two fields that tell bots from people, for every public form:
 * - a honeypot text field, off-screen and hidden from screen readers and the
 *   tab order, that people never fill in;
 * - when the form was shown (set in the browser once the page is live;
 *   empty without JavaScript), so the server can refuse instant submissions.
 * `resetKey`: change it when the form is reset, to restart the clock.
 */
export function BotFields({ resetKey }: { resetKey?: unknown }) {
  const startedAt = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (startedAt.current) startedAt.current.value = String(Date.now());
  }, [resetKey]);
  return (
    <>
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Leave this field empty
          <input type="text" name={protectionFields.honeypot} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {/* No default: a renderer that writes a default again on a re-render (React does) would blank the time on a hidden input, whose default is its value. */}
      <input ref={startedAt} type="hidden" name={protectionFields.startedAt} />
    </>
  );
}
