/**
 * Gives focus back to a button that lost it while it was disabled (a payment
 * step that failed), unless the visitor has moved on: at once, and again two
 * frames later. A failure answered at once can come before the browser has
 * taken focus from the disabled button, which it does at its next rendering,
 * after the first look (2117370: 3 runs of 12 failed before the second).
 */
export function giveFocusBack(button: () => HTMLElement | null): void {
  const giveBack = () => {
    if (document.activeElement === null || document.activeElement === document.body) button()?.focus();
  };
  giveBack();
  requestAnimationFrame(() => requestAnimationFrame(giveBack));
}
