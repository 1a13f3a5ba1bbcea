/**
 * What a visitor types into a text area before or while React takes over the
 * page stays, as it does in an input, and so does where their caret or
 * selection was (issue 12, ADR 086).
 *
 * Hydrating an input, React leaves its value as the visitor left it. A text
 * area it treats otherwise: react-dom's initTextarea sets the element's
 * `defaultValue` to the rendered default and then, if the element's text is
 * that default, sets its `value` to it. On a text area the server filled (a
 * form answered with a 400 and what was typed, a page of saved answers) the
 * first write moves a caret or selection the visitor had made to the start
 * of the text (the text area is not yet "dirty": its value follows its
 * default), and the second throws away what they typed. Text selected to be
 * replaced was added in front of the server's text instead ("Vegetarianxxx…").
 *
 * `useTypedTextDefault` makes both writes harmless, however many react-dom
 * makes. In the hydration render (the server snapshot of
 * useSyncExternalStore tells it apart), for a text area that holds text:
 * - it writes the element's value back to itself: that sets the HTML dirty
 *   value flag (a text area whose value was set no longer follows its
 *   default) and, the value being unchanged, moves neither text nor caret;
 *   every `defaultValue` write react-dom makes then leaves value and caret
 *   alone (as it does once the visitor has typed);
 * - it gives React, as the default, what the element holds now: the
 *   `value` react-dom writes is then the text already there, which moves
 *   nothing either.
 * After hydration the hook returns the server's text again: React sets it as
 * the default (for a form reset), and the value stays the visitor's. React
 * compares no `defaultValue` with the server's HTML, so the render's other
 * default warns of nothing; writing the same value again (a second render, a
 * retried hydration) changes nothing.
 *
 * Keys pressed while React hydrates (it renders in slices and yields to the
 * browser between them): at the first keydown, textInput, paste, drop,
 * compositionstart, mousedown… (the "discrete" events it listens for) React
 * finishes hydrating the page synchronously, before the text goes in, so
 * the value react-dom writes is still the one this render read. A selection
 * made without such an event (focus and a script's select) stays, the text
 * area being dirty. What remains: text put into the text area between this
 * render and react-dom's initTextarea for it with no such event before it
 * (an extension or autofill setting the value while React yields) is
 * replaced by the text this render read. And a later change of
 * `defaultValue` without a new `key` no longer shows in a text area the
 * server filled, as in one the visitor has typed into.
 */
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * The default to render the text area `id` with: `defaultValue`, except in
 * the browser's hydration render of a text area that holds text, where it is
 * what the element holds (the element made dirty first, see above).
 */
export function useTypedTextDefault(id: string, defaultValue: string | undefined): string | undefined {
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  if (!hydrating || typeof document === "undefined") return defaultValue;
  const element = document.getElementById(id);
  if (!(element instanceof HTMLTextAreaElement)) return defaultValue;
  const held = element.value;
  if (held === "" && element.defaultValue === "") return defaultValue;
  // Sets the dirty value flag; the same text, so the caret does not move.
  element.value = held;
  return held;
}
