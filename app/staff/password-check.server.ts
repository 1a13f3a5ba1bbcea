/**
 * The whole check of a new staff password (ADR 037): the rules that need no
 * list (password-rules.ts), then how many guesses an attacker who tries
 * common and breached passwords first would need, estimated by zxcvbn-ts
 * with the lists `@zxcvbn-ts/language-common` ships (about 49,000 common and
 * breached passwords, the 7,776 diceware words, keyboard layouts), offline.
 * Fewer than 10^10 guesses is refused, with a reason and a suggestion.
 *
 * The lists cost about 25 MB of memory and 80 ms to load, so they are loaded
 * on the first check (a process that never sets a password never pays), and
 * only here, on the server: never in a browser's script.
 */
import type { ZxcvbnFactory, ZxcvbnResult } from "@zxcvbn-ts/core";
import { passwordShapeProblem, personalPassword } from "./password-rules.ts";

/** Passwords an attacker would find in fewer guesses than this (10^10: zxcvbn's best score) are refused. */
export const minGuessesLog10 = 10;

/**
 * How much of a password is analysed: beyond it the estimate costs more
 * (about 0.3 s for 200 characters of one digit) and adds nothing, since a
 * strong first 64 characters are enough.
 */
export const analysedLength = 64;

export const commonPassword =
  "This password is on lists of passwords that attackers try first. Try a passphrase of four or more unrelated words.";
export const patternPassword =
  "This password follows a pattern that attackers try early (a repeat, a sequence, a keyboard row or a date). Try a passphrase of four or more unrelated words.";
export const guessablePassword =
  "This password would be guessed too soon. Make it longer: try a passphrase of four or more unrelated words.";

let estimator: Promise<ZxcvbnFactory> | undefined;

function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]).then(
    ([{ ZxcvbnFactory }, common]) =>
      new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs, maxLength: analysedLength }),
  );
  return estimator;
}

/**
 * Null if `password` will do for this account; else what is wrong with it,
 * with a suggestion, for the person choosing it. For the set-up page and
 * any form that sets a password.
 */
export async function passwordProblem(
  password: string,
  account: { email: string; name: string },
): Promise<string | null> {
  const shape = passwordShapeProblem(password, account);
  if (shape) return shape;
  const zxcvbn = await loadEstimator();
  const email = account.email.trim().toLowerCase();
  const personal = [email, email.split("@")[0] ?? "", account.name, ...account.name.split(/\s+/)].filter(Boolean);
  return guessabilityProblem(zxcvbn.check(password, personal));
}

/** What a zxcvbn estimate says about a password: null when strong enough. */
function guessabilityProblem(estimate: ZxcvbnResult): string | null {
  if (estimate.guessesLog10 >= minGuessesLog10) return null;
  const lists = new Set(estimate.sequence.map((match) => ("dictionaryName" in match ? match.dictionaryName : null)));
  if (lists.has("userInputs")) return personalPassword;
  if (lists.has("passwords-common")) return commonPassword;
  const patterns = new Set(estimate.sequence.map((match) => match.pattern));
  if (["repeat", "sequence", "spatial", "date", "regex"].some((p) => patterns.has(p))) return patternPassword;
  return guessablePassword;
}
