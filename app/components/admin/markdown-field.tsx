/**
 * A rich-text field in the content editor (app/content/rich-text.ts): a
 * text area for its Markdown, a short reminder of the syntax, and a live
 * preview beside it (below it on a phone), rendered on the server by the
 * module that renders the site's pages (POST /admin/content/markdown-preview)
 * with what a save would refuse listed above it. Nothing here renders
 * Markdown in the browser.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useCsrfToken } from "~/components/admin/staff-ui.tsx";
import { TextAreaField, fieldId, type FieldBase } from "~/components/forms/field.tsx";

export const markdownPreviewPath = "/admin/content/markdown-preview";

type Preview = { html: string; problems: string[] };

const syntax: [write: string, get: string][] = [
  ["## Section heading", "a heading (### and #### for smaller ones)"],
  ["A blank line", "a new paragraph"],
  ["**bold** and *italic*", "bold and italic"],
  ["[our courses](/training)", "a link (https://…, mailto:…, tel:… or /…)"],
  ["- item (or 1. item)", "a list"],
  ["> quoted words", "a quote"],
  ["| A | B |\n|---|---|\n| 1 | 2 |", "a table"],
  ["![what it shows](/media/…)", "an image, with its alt text"],
];

/** The preview of `markdown`, or why there is none. */
async function requestPreview(markdown: string, csrf: string): Promise<Preview> {
  const body = new FormData();
  body.set("_csrf", csrf);
  body.set("markdown", markdown);
  const answer = await fetch(markdownPreviewPath, { method: "POST", body }).catch(() => null);
  if (!answer?.ok) return { html: "", problems: [answer ? await answer.text() : "The preview could not be loaded."] };
  return (await answer.json()) as Preview;
}

export function MarkdownField({
  hint,
  maxLength,
  value,
  ...common
}: FieldBase & { formId: string; hint: string; maxLength?: number; value: string }) {
  const csrf = useCsrfToken();
  const [preview, setPreview] = useState<Preview | null>(null);
  const asked = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const previewId = `${fieldId(common.formId, common.name)}-preview`;

  // The first preview, of the text as it was loaded (again when a restore or a refused save brings other text).
  useEffect(() => {
    const ask = ++asked.current;
    void requestPreview(value, csrf).then((answer) => {
      if (ask === asked.current) setPreview(answer);
    });
    return () => clearTimeout(timer.current);
  }, [value, csrf]);

  const typed = (event: FormEvent<HTMLDivElement>) => {
    const area = event.target;
    if (!(area instanceof HTMLTextAreaElement)) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const ask = ++asked.current;
      void requestPreview(area.value, csrf).then((answer) => {
        if (ask === asked.current) setPreview(answer); // else a later keystroke's preview is on its way
      });
    }, 300);
  };

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div onInput={typed}>
        <TextAreaField {...common} hint={hint} rows={24} maxLength={maxLength} defaultValue={value} />
        <details className="mt-2 text-sm text-slate-700">
          <summary className="cursor-pointer font-semibold text-navy-900">How to write it (Markdown)</summary>
          <table className="mt-2 w-full text-left">
            <thead>
              <tr>
                <th className="py-1 pr-3">Write</th>
                <th className="py-1">To get</th>
              </tr>
            </thead>
            <tbody>
              {syntax.map(([write, get]) => (
                <tr key={get} className="border-t border-slate-200">
                  <td className="py-1 pr-3">
                    <code className="whitespace-pre-wrap">{write}</code>
                  </td>
                  <td className="py-1">{get}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </div>
      {/* Scrolls beside a long text on a wide screen (focusable, so a keyboard can scroll it too). */}
      <section
        aria-labelledby={`${previewId}-heading`}
        tabIndex={0}
        className="min-w-0 rounded-md border border-slate-300 p-4 lg:max-h-[40rem] lg:overflow-y-auto"
      >
        <h3 id={`${previewId}-heading`} className="text-sm font-semibold tracking-wide text-slate-700 uppercase">
          Preview: {common.label}
        </h3>
        <div aria-live="polite">
          {preview && preview.problems.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm font-medium text-red-700">
              {preview.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
        </div>
        <div id={previewId} className="mt-4" dangerouslySetInnerHTML={{ __html: preview?.html ?? "" }} />
      </section>
    </div>
  );
}
