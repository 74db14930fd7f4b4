import { ZxcvbnFactory, type DictionaryMatch, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';

/**
 * The one password-strength rule, for the server (register, reset, change, staff accounts) and the web forms.
 * Its dictionaries are large: import this module on its own (`@portal/shared/password-strength`), never
 * through the package index, so the web can load it only when a password field is used (decision 165).
 */

/** zxcvbn score 3 and up: at least 10^8 guesses, with the common-password and English word lists. */
export const PASSWORD_MIN_SCORE = 3;

export const WEAK_PASSWORD_MESSAGE = 'Password is too easy to guess.';

/** What the account says about its owner; a password built from it is easy to guess for anyone who knows them. */
export type PasswordOwner = {
  discordName?: string | null;
  name?: string | null;
  email?: string | null;
};

/** `score` is zxcvbn's 0 (guessed at once) to 4 (very hard), for a strength meter. */
export type PasswordVerdict = { ok: true; score: number } | { ok: false; score: number; message: string };

const OWNER_LABELS: Record<keyof PasswordOwner, string> = {
  discordName: 'your Discord Name',
  name: 'your name',
  email: 'your email address',
};

let estimator: ZxcvbnFactory | undefined;
const getEstimator = (): ZxcvbnFactory =>
  (estimator ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...englishDictionary },
    // Bounds the work for long or symbol-heavy passwords (128 characters: tens of ms, not seconds); a
    // 64-character start that is hard to guess makes the whole password hard to guess.
    maxLength: 64,
    l33tMaxSubstitutions: 8,
  }));

/** The whole value and its parts ("ada.ships" gives "ada" and "ships"), lowercased as zxcvbn compares them. */
const ownerWords = (value: string): string[] => {
  const lower = value.trim().toLowerCase();
  const parts = lower.split(/[^\p{L}\p{N}]+/u).filter((part) => part.length >= 3);
  return lower ? [lower, ...parts] : parts;
};

const ownerEntries = (owner: PasswordOwner) =>
  (Object.keys(OWNER_LABELS) as (keyof PasswordOwner)[]).flatMap((key) => {
    const value = owner[key];
    return value ? [{ key, words: ownerWords(key === 'email' ? value.split('@')[0]! : value) }] : [];
  });

/** Which of the owner's details the password is built on, named for the message. */
function ownerReason(result: ZxcvbnResult, entries: ReturnType<typeof ownerEntries>): string | null {
  const matched = result.sequence
    .filter((m): m is DictionaryMatch => m.pattern === 'dictionary' && m.dictionaryName === 'userInputs')
    .map((m) => m.matchedWord);
  const entry = entries.find(({ words }) => words.some((word) => matched.includes(word)));
  return entry ? `It contains ${OWNER_LABELS[entry.key]}.` : null;
}

/** Refuses passwords a guesser would find early: common ones, repeats, patterns, the owner's own names. */
export function judgePassword(password: string, owner: PasswordOwner = {}): PasswordVerdict {
  const entries = ownerEntries(owner);
  const result = getEstimator().check(
    password,
    entries.flatMap((entry) => entry.words),
  );
  const { score } = result;
  if (score >= PASSWORD_MIN_SCORE) return { ok: true, score };
  const reason = ownerReason(result, entries) ?? result.feedback.warning;
  const advice = result.feedback.suggestions.length
    ? result.feedback.suggestions
    : [translations.suggestions.anotherWord];
  return { ok: false, score, message: [WEAK_PASSWORD_MESSAGE, reason, ...advice].filter(Boolean).join(' ') };
}
