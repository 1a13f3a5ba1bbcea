/**
 * What a visitor types into a text area before React takes over the page
 * stays, as it does in an input (issue 12).
 *
 * Hydrating an input, React leaves its value as the visitor left it. A text
 * area it treats otherwise: react-dom's initTextarea sets the element's
 * `value` to its text content, the text the server filled it with. Text
 * typed into a text area the server had filled (a form answered with a 400
 * and what was typed, a page of saved answers), before or while React
 * hydrated it, was thrown away, and the keys pressed after it landed at the
 * end of the server's text (in Chromium: the text "merged").
 *
 * `useTypedTextKept` makes that one write a no-op: during the hydration
 * render (before React reaches the element) the server's text area gets a
 * `value` setter of its own that ignores the next write and then removes
 * itself, and a layout effect removes it if no write came. Nothing else is
 * changed: the text area holds whatever the visitor left in it, as in a
 * plain HTML form.
 */
import { useLayoutEffect, useSyncExternalStore, type RefObject } from "react";

const guarded = new WeakSet<HTMLTextAreaElement>();

function release(textarea: HTMLTextAreaElement) {
  if (!guarded.delete(textarea)) return;
  Reflect.deleteProperty(textarea, "value");
}

function guard(textarea: HTMLTextAreaElement) {
  // An own `value` is React's tracker: the element is already React's.
  if (guarded.has(textarea) || Object.hasOwn(textarea, "value")) return;
  const own = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value");
  if (!own?.get) return;
  const read = own.get;
  Object.defineProperty(textarea, "value", {
    configurable: true,
    get() {
      return read.call(textarea) as string;
    },
    set() {
      release(textarea);
    },
  });
  guarded.add(textarea);
}

const noSubscription = () => () => {};

/**
 * Keeps what was typed into the text area `id` (whose ref is `ref`) when
 * React hydrates it. `filled`: whether the server wrote text into it (React
 * writes over the value only then).
 */
export function useTypedTextKept(id: string, filled: boolean, ref: RefObject<HTMLTextAreaElement | null>) {
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  if (hydrating && filled && typeof document !== "undefined") {
    const element = document.getElementById(id);
    if (element instanceof HTMLTextAreaElement) guard(element);
  }
  useLayoutEffect(() => {
    if (ref.current) release(ref.current);
  }, [ref]);
}
