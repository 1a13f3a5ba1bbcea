/**
 * What the signed-in person does on their account page (ADR 036), each in
 * the order its security asks for: a guess at a secret (the password, a
 * code) is first counted with sign-in's attempts (over the limit: refused,
 * and the refusal audited), then checked, then audited (a wrong answer as
 * "proof-failed"; only a right one gives the count back); every change is
 * audited, and each change to how they sign in is e-mailed to them.
 * Answers as the page shows them, with the status to send.
 */
import { data } from "react-router";
import { freshProofMinutes, proofNeeded, readProofAnswer } from "./account-rules.ts";
import type { StaffSession, StaffUser } from "./accounts.server.ts";
import { audit, type AuditEntry } from "./audit.server.ts";
import { addPasskey, newPasskeyAnswer, passkeyNotChecked, relyingParty, removePasskey } from "./passkeys.server.ts";
import type { StaffRequest } from "./request.server.ts";
import {
  changePassword,
  endOtherSessions,
  endSession,
  hasFreshProof,
  notifyAccountChange,
  proveIdentity,
  wrongCurrentPassword,
} from "./self-service.server.ts";
import { tooManyAttempts } from "./sign-in-messages.ts";

/** A request from a full session (the account page's layout lets no other in), and its account. */
export type SignedInRequest = StaffRequest & { session: StaffSession; user: StaffUser };

export type AccountAnswer = {
  done?: string;
  error?: string;
  /** A problem with one field of one of the page's forms. */
  problem?: { form: "proof" | "password"; field: string; message: string };
  /** Set after a password change: the form starts empty again. */
  changedAt?: string;
};

/** Runs the posted form's `intent` for the signed-in person. */
export async function accountAction({ staff, session, user, client }: SignedInRequest, form: FormData, now: Date) {
  const intent = form.get("intent");
  const target = `user:${user.id}`;
  const record = (entry: Omit<AuditEntry, "ip">, at: Date) => audit(staff.db, { ...entry, ip: client.ip }, at);
  const throttled = async (step: string) => {
    await record({ actor: user, action: "sign-in-throttled", target, detail: { step } }, now);
    return data<AccountAnswer>({ error: tooManyAttempts }, { status: 429, headers: { "Retry-After": "900" } });
  };

  if (intent === "prove") {
    const typed = String(form.get("proof") ?? "").slice(0, 1000);
    if (!typed) {
      const message = "Enter your password or the 6-digit code from your authenticator app.";
      return data<AccountAnswer>({ problem: { form: "proof", field: "proof", message } }, { status: 400 });
    }
    // A wrong answer is a guess at the password or a code: counted with sign-in's.
    const attempt = await staff.signIn.attempt(client.ip, user.email, now);
    if (!attempt) return throttled("proof");
    const answer = readProofAnswer(typed);
    if (!(await proveIdentity(staff.db, staff.keys, session, answer, now))) {
      await record({ actor: user, action: "proof-failed", target, detail: { with: answer.kind } }, now);
      const message =
        answer.kind === "code"
          ? "That code is not right. Enter the 6-digit code your authenticator app shows now."
          : "That is not your password.";
      return data<AccountAnswer>({ problem: { form: "proof", field: "proof", message } }, { status: 401 });
    }
    await attempt.succeeded();
    await record({ actor: user, action: "proof-given", target, detail: { with: answer.kind } }, now);
    return data<AccountAnswer>({ done: `Thank you. For the next ${freshProofMinutes} minutes you can add a passkey.` });
  }

  if (intent === "password") {
    if (!String(form.get("current") ?? "")) {
      const message = "Enter your current password.";
      return data<AccountAnswer>({ problem: { form: "password", field: "current", message } }, { status: 400 });
    }
    const attempt = await staff.signIn.attempt(client.ip, user.email, now);
    if (!attempt) return throttled("password-change");
    const changed = await changePassword(
      staff.db,
      session,
      {
        current: String(form.get("current") ?? ""),
        password: String(form.get("password") ?? "").slice(0, 1000),
        confirm: String(form.get("confirm") ?? "").slice(0, 1000),
      },
      now,
    );
    if ("problem" in changed) {
      const wrong = changed.problem.message === wrongCurrentPassword;
      if (wrong) {
        await record(
          { actor: user, action: "proof-failed", target, detail: { with: "password", for: "password change" } },
          now,
        );
      }
      return data<AccountAnswer>({ problem: { form: "password", ...changed.problem } }, { status: wrong ? 401 : 400 });
    }
    await attempt.succeeded();
    const { sessionsEnded } = changed;
    await record({ actor: user, action: "password-changed", target, detail: { sessionsEnded } }, now);
    await notifyAccountChange(staff, user, { kind: "password-changed", sessionsEnded }, client, now);
    const others = sessionsEnded === 1 ? "Your other session has" : `Your other sessions (${sessionsEnded}) have`;
    return data<AccountAnswer>({
      done: `Your password is changed. ${sessionsEnded === 0 ? "You had no other session" : `${others} ended`}; this one stays signed in.`,
      changedAt: now.toISOString(),
    });
  }

  if (intent === "end-session") {
    const ended = await endSession(staff.db, session, String(form.get("session") ?? ""), now);
    if (!ended)
      return data<AccountAnswer>(
        { error: "That session has already ended, or is not another of yours." },
        { status: 404 },
      );
    await record({ actor: user, action: "session-ended", target, detail: ended }, now);
    return data<AccountAnswer>({ done: `The session on ${ended.device} has ended.` });
  }

  if (intent === "end-others") {
    const count = await endOtherSessions(staff.db, session, now);
    await record({ actor: user, action: "other-sessions-ended", target, detail: { count } }, now);
    return data<AccountAnswer>({
      done: count === 0 ? "You had no other session." : `Your other sessions (${count}) have ended.`,
    });
  }

  if (intent === "add") {
    if (!(await hasFreshProof(staff.db, session.id, now)))
      return data<AccountAnswer>({ error: proofNeeded }, { status: 403 });
    const response = newPasskeyAnswer(form.get("credential"));
    if (!response) return data<AccountAnswer>({ error: passkeyNotChecked }, { status: 400 });
    const name = String(form.get("name") ?? "");
    const rp = relyingParty(staff.mail.siteUrl);
    const added = await addPasskey(staff.db, session, { response, name }, rp, now);
    if ("problem" in added) return data<AccountAnswer>({ error: added.problem.message }, { status: 400 });
    await record({ actor: user, action: "passkey-added", target, detail: { name: added.passkey.name } }, now);
    await notifyAccountChange(staff, user, { kind: "passkey-added", name: added.passkey.name }, client, now);
    return data<AccountAnswer>({ done: `Passkey “${added.passkey.name}” added. Use it the next time you sign in.` });
  }

  if (intent === "remove") {
    const name = await removePasskey(staff.db, user.id, String(form.get("passkey") ?? ""));
    if (name === null) {
      return data<AccountAnswer>({ error: "There is no such passkey on your account." }, { status: 404 });
    }
    await record({ actor: user, action: "passkey-removed", target, detail: { name } }, now);
    await notifyAccountChange(staff, user, { kind: "passkey-removed", name }, client, now);
    return data<AccountAnswer>({ done: `Passkey “${name}” removed.` });
  }
  return data<AccountAnswer>({ error: "Unknown action." }, { status: 400 });
}
