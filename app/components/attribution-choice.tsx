/**
 * The visitor's choice on /cookies about attribution (app/forms/attribution.ts):
 * whether this browser records how they found the site. Every state is in
 * the HTML; the page script shows the one that holds (by the `hidden`
 * attribute only, so React finds the same text when it starts) and handles
 * the buttons. Without JavaScript nothing is recorded, and the buttons stay
 * hidden.
 */
export const attributionChoiceTexts = {
  noScript: "With JavaScript turned off, nothing is recorded.",
  recorded:
    "This browser records how you found us for the length of each visit, and adds it to any form you send. You can object:",
  objected: "You have objected: this browser records nothing about how you found us.",
  object: "Don't record how I found this site",
  allow: "Record it again",
};

const button = "mt-3 min-h-11 rounded-md border border-navy-800 bg-white px-4 py-2 font-semibold text-navy-900";

export function AttributionChoice() {
  const t = attributionChoiceTexts;
  return (
    <div data-attribution-choice className="not-prose mt-4 rounded-lg border border-slate-300 bg-slate-50 p-4">
      <div role="status" className="text-slate-800">
        <p data-attribution-state="no-script" suppressHydrationWarning>
          {t.noScript}
        </p>
        <p data-attribution-state="recorded" hidden suppressHydrationWarning>
          {t.recorded}
        </p>
        <p data-attribution-state="objected" hidden suppressHydrationWarning>
          {t.objected}
        </p>
      </div>
      <button type="button" data-attribution-toggle="object" hidden suppressHydrationWarning className={button}>
        {t.object}
      </button>
      <button type="button" data-attribution-toggle="allow" hidden suppressHydrationWarning className={button}>
        {t.allow}
      </button>
    </div>
  );
}
