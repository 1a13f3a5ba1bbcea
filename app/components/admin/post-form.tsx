/**
 * The back office's posting forms: each carries the page's CSRF token, and
 * most an `intent` (which of the page's actions it asks for) and the hidden
 * fields that say what it acts on.
 */
import type { ReactNode, Ref } from "react";
import { Form } from "react-router";
import { CsrfField } from "./staff-ui.tsx";

/** A form that posts to its page with the CSRF token, `intent` and `fields` as hidden inputs. */
export function PostForm({
  intent,
  fields = {},
  className,
  noValidate,
  ref,
  children,
}: {
  /** Sent as a hidden field (a form with several buttons names it on each button instead). */
  intent?: string;
  fields?: Record<string, string>;
  className?: string;
  /** The server checks the fields (and answers field by field), not the browser. */
  noValidate?: boolean;
  ref?: Ref<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Form method="post" className={className} noValidate={noValidate} ref={ref}>
      <CsrfField />
      {intent !== undefined && <input type="hidden" name="intent" value={intent} />}
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

const tones = {
  plain: "border-navy-800 text-navy-900",
  danger: "border-red-800 text-red-800",
};

/**
 * A small bordered button on a row of a list: it shows a short verb; its
 * accessible name says what it acts on. With `intent`, it names its action.
 */
export function RowButton({
  intent,
  label,
  tone = "plain",
  className = "",
  children,
}: {
  intent?: string;
  label: string;
  tone?: keyof typeof tones;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      name={intent === undefined ? undefined : "intent"}
      value={intent}
      aria-label={label}
      className={`min-h-11 rounded-md border px-3 py-2 text-sm font-semibold ${tones[tone]} ${className}`.trim()}
    >
      {children}
    </button>
  );
}
