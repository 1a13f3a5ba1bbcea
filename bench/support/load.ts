/**
 * The form API under load (api.ts, scale.ts): the scenarios, autocannon
 * driving them, and autocannon's figures as the reports record them.
 */
import autocannon from "autocannon";

// ---------------------------------------------------------------------------
// Load
// ---------------------------------------------------------------------------

export type Scenario = {
  name: string;
  path: string;
  table: "contact_enquiries" | "newsletter_subscriptions";
  /** E-mails each stored row queues. */
  emailsPerRow: number;
  body: (email: string) => Record<string, unknown>;
};

export const SCENARIOS: Scenario[] = [
  {
    name: "contact",
    path: "/api/contact",
    table: "contact_enquiries",
    emailsPerRow: 2,
    body: (email) => ({
      name: "Bench Visitor",
      email,
      phone: "+44 20 7946 0999",
      company: "Load Test Ltd",
      jobTitle: "Head of Learning",
      serviceInterest: "risk-grc",
      message: "We would like to discuss a risk management programme for our team of twelve.",
      preferredContact: "email",
    }),
  },
  {
    name: "newsletter",
    path: "/api/newsletter-signup",
    table: "newsletter_subscriptions",
    emailsPerRow: 1,
    body: (email) => ({ email }),
  },
];

/** Which addresses were sent, answered, and answered 2xx. */
export type Tracking = { sent: Set<string>; ok: Set<string>; answered: Set<string> };

export async function runScenario(
  base: string,
  scenario: Scenario,
  {
    connections,
    duration,
    runId,
    rate,
  }: {
    connections: number;
    duration: number;
    runId: string;
    /** Requests per second from all connections together (an open load); default: as fast as answered. */
    rate?: number;
  },
): Promise<{ result: autocannon.Result; tracking: Tracking }> {
  const tracking: Tracking = { sent: new Set(), ok: new Set(), answered: new Set() };
  let n = 0;
  // With pipelining 1, a connection's context belongs to the one request it has in flight:
  // setupRequest writes the address into it, onResponse reads it back.
  const request: autocannon.Request = {
    method: "POST",
    path: scenario.path,
    headers: { "content-type": "application/json" },
    setupRequest(req, context) {
      const email = `bench-${runId}-${scenario.name}-${++n}@example.test`;
      (context as { email?: string }).email = email;
      tracking.sent.add(email);
      return { ...req, body: JSON.stringify(scenario.body(email)) };
    },
    onResponse(status, _body, context) {
      const email = (context as { email?: string }).email;
      if (!email) return;
      tracking.answered.add(email);
      if (status >= 200 && status < 300) tracking.ok.add(email);
    },
  };
  const result = await autocannon({
    url: base,
    connections,
    duration,
    pipelining: 1,
    timeout: 10,
    requests: [request],
    ...(rate ? { overallRate: rate } : {}),
  });
  return { result, tracking };
}

/** autocannon's latency percentiles (ms) and answers, by status code too. */
export function loadFigures(result: autocannon.Result) {
  const byCode: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) byCode[code] = Number(stat.count ?? 0);
  return {
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    status: {
      "2xx": result["2xx"],
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      byCode,
    },
  };
}
