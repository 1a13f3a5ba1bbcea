import { useState, type FormEvent } from "react";
import { data, Form, useNavigation } from "react-router";
import type { FormKind } from "~/forms/schemas.ts";
import { handleSubmission } from "~/leads/form-action.server.ts";
import { configContext } from "~/http/request-context.ts";
import type { Route } from "./+types/test-forms";
import { TitledPage } from "~/components/sections.tsx";
import { type Column, DataTable, testScreenMeta } from "~/components/test-screen.tsx";

/**
 * The form endpoint test dashboard (spec section 2, Test screens). Only
 * where test pages are enabled (config.testPagesEnabled: every environment
 * but production, unless TEST_PAGES says otherwise); elsewhere a 404.
 *
 * "Run All Form Tests" posts one complete submission to each form endpoint
 * as JSON with X-Test-Submission: true, so the leads are stored as tests,
 * kept apart from real leads, and their e-mails are marked [TEST]. Every
 * e-mail goes to one fresh address on example.test.
 */

type TestCase = {
  id: string;
  label: string;
  path: string;
  kind: FormKind;
  body: Record<string, string>;
};

type TestResult = {
  id: string;
  label: string;
  path: string;
  ok: boolean;
  /** HTTP status, when the server answered. */
  status?: number;
  message: string;
};

type RunData = { address: string; results: TestResult[] };

function testAddress(): string {
  return `test-forms+${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;
}

function testCases(email: string): TestCase[] {
  return [
    {
      id: "contact",
      label: "Contact enquiry",
      path: "/api/contact",
      kind: "contact",
      body: {
        name: "Form Test",
        email,
        phone: "+44 20 7946 0000",
        company: "Meridian Test Company",
        jobTitle: "Quality Assurance",
        serviceInterest: "consulting",
        message: "Test enquiry from the form endpoint dashboard. Please ignore.",
        preferredContact: "email",
      },
    },
    {
      id: "resource-download",
      label: "Resource download",
      path: "/api/resource-download",
      kind: "resourceDownload",
      body: { email, resourceId: "risk-guide" },
    },
    {
      id: "newsletter",
      label: "Newsletter sign-up",
      path: "/api/newsletter-signup",
      kind: "newsletter",
      body: { email },
    },
    {
      id: "guide-request",
      label: "Guide request",
      path: "/api/webhook/guide-request",
      kind: "guideRequest",
      body: {
        first_name: "Form",
        last_name: "Test",
        email,
        company: "Meridian Test Company",
        guide_name: "enterprise-risk-management",
      },
    },
  ];
}

const endpoints = [
  { method: "POST", path: "/api/contact", description: "Contact enquiry" },
  { method: "POST", path: "/api/resource-download", description: "Free guide download link by e-mail" },
  { method: "POST", path: "/api/newsletter-signup", description: "Newsletter sign-up (double opt-in)" },
  { method: "POST", path: "/api/webhook/guide-request", description: "Guide request (guide page)" },
  { method: "GET", path: "/api/guides", description: "The free guides" },
  { method: "POST", path: "/api/webinar-registration", description: "Free webinar registration" },
] as const;

const endpointColumns: Column<(typeof endpoints)[number]>[] = [
  { header: "Method", cell: (e) => e.method, className: "py-2 pr-4 font-mono text-sm" },
  { header: "Path", cell: (e) => e.path, className: "py-2 pr-4 font-mono text-sm break-all" },
  { header: "Purpose", cell: (e) => e.description, className: "py-2 text-slate-700" },
];

function requireTestPages(context: Readonly<Route.LoaderArgs["context"]>) {
  if (!context.get(configContext).testPagesEnabled) throw data(null, { status: 404 });
}

export function loader({ context }: Route.LoaderArgs) {
  requireTestPages(context);
  return null;
}

/**
 * Without JavaScript the button posts here, and the server runs the same
 * four submissions itself (through the same code as the API, marked as tests).
 */
export async function action({ context }: Route.ActionArgs): Promise<RunData> {
  requireTestPages(context);
  const address = testAddress();
  const results: TestResult[] = [];
  for (const test of testCases(address)) {
    const answer = await handleSubmission(test.kind, test.body, {
      context,
      sourcePage: "/test-forms",
      testRequested: true,
    });
    results.push({
      id: test.id,
      label: test.label,
      path: test.path,
      ok: answer.body.success,
      status: answer.status,
      message: answer.body.message,
    });
  }
  return { address, results };
}

export const meta = ({ error }: Route.MetaArgs) =>
  testScreenMeta("/test-forms", Boolean(error), () => ({
    title: "Form Endpoint Tests",
    description: "Test dashboard for the site's form endpoints.",
  }));

async function runOne(test: TestCase): Promise<TestResult> {
  const base = { id: test.id, label: test.label, path: test.path };
  let response: Response;
  try {
    response = await fetch(test.path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-Test-Submission": "true" },
      body: JSON.stringify(test.body),
      credentials: "same-origin",
    });
  } catch {
    return { ...base, ok: false, message: "Network error: the request did not reach the server." };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return {
      ...base,
      ok: false,
      status: response.status,
      message: `The server answered ${response.status} ${response.statusText} without a JSON body.`.replace(
        /\s+/g,
        " ",
      ),
    };
  }
  const answer = body as { success?: unknown; message?: unknown };
  const ok = response.ok && answer.success === true;
  const message =
    typeof answer.message === "string" && answer.message
      ? answer.message
      : ok
        ? "Success"
        : `The server answered ${response.status} without a message.`;
  return { ...base, ok, status: response.status, message };
}

export default function TestForms({ actionData }: Route.ComponentProps) {
  const [run, setRun] = useState<RunData | null>(null);
  const [running, setRunning] = useState(false);
  const serverRunning = useNavigation().state === "submitting";
  const shown = run ?? actionData ?? null;
  const busy = running || serverRunning;

  // With JavaScript: real JSON requests from the browser, one after another.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const address = testAddress();
    setRunning(true);
    setRun(null);
    const results: TestResult[] = [];
    for (const test of testCases(address)) results.push(await runOne(test));
    setRun({ address, results });
    setRunning(false);
  }

  const passed = shown?.results.filter((r) => r.ok).length ?? 0;

  return (
    <TitledPage id="test-forms-title" eyebrow="Test screen" title="Form Endpoint Tests">
      <div className="mt-4 max-w-prose space-y-3 text-lg text-slate-700">
        <p>
          This dashboard sends one complete submission to each form endpoint. Submissions from this page are marked as
          tests: they are stored apart from real leads, and their e-mails are marked [TEST] and go to a fresh address on{" "}
          <code className="rounded bg-slate-100 px-1 text-base">example.test</code>, never to real people.
        </p>
      </div>

      <Form method="post" onSubmit={onSubmit} className="mt-8">
        <button type="submit" className="btn-primary">
          {busy ? "Running tests…" : "Run All Form Tests"}
        </button>
      </Form>

      <div id="test-forms-status" role="status" aria-live="polite" className="mt-8 max-w-3xl">
        {busy && <p className="text-slate-700">Running the four submissions…</p>}
        {!busy && shown && (
          <>
            <h2 className="text-2xl font-bold text-navy-900">Results</h2>
            <p className="mt-2 text-slate-700">
              {passed} of {shown.results.length} succeeded. E-mails went to{" "}
              <code className="rounded bg-slate-100 px-1" data-testid="test-address">
                {shown.address}
              </code>
              .
            </p>
            <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
              {shown.results.map((r) => (
                <li key={r.id} data-testid={`result-${r.id}`} className="flex flex-col gap-1 p-4 sm:flex-row sm:gap-4">
                  <span className="font-semibold text-navy-900 sm:w-48">{r.label}</span>
                  <span className={`font-semibold ${r.ok ? "text-emerald-800" : "text-red-700"}`}>
                    {r.ok ? "Success" : `Failed${r.status ? ` (${r.status})` : ""}`}
                  </span>
                  <span className="text-slate-700 sm:flex-1">{r.message}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>

      <h2 className="mt-12 text-2xl font-bold text-navy-900">Available endpoints</h2>
      <DataTable
        className="mt-4 w-full max-w-3xl border-collapse text-left"
        columns={endpointColumns}
        rows={endpoints}
        rowKey={(e) => `${e.method} ${e.path}`}
      />
    </TitledPage>
  );
}
