/**
 * The visitor's choice on /cookies about attribution (app/leads/attribution.ts):
 * whether this browser records how they found the site. The page script
 * makes it work (it says the current state and shows the button); without
 * JavaScript nothing is recorded and the button stays hidden.
 */
export const attributionChoiceTexts = {
  recorded:
    "This browser records how you found us for the length of each visit, and adds it to any form you send. You can object:",
  objected: "You have objected: this browser records nothing about how you found us.",
  object: "Don't record how I found this site",
  allow: "Record it again",
};

export function AttributionChoice() {
  return (
    <div data-attribution-choice className="not-prose mt-4 rounded-lg border border-slate-300 bg-slate-50 p-4">
      <p data-attribution-state role="status" className="text-slate-800">
        With JavaScript turned off, nothing is recorded.
      </p>
      <button
        type="button"
        data-attribution-toggle
        hidden
        className="mt-3 min-h-11 rounded-md border border-navy-800 bg-white px-4 py-2 font-semibold text-navy-900"
      />
    </div>
  );
}
