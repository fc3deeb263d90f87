/**
 * The second password rule, after the spec's length rule: no password from the lists of
 * leaked passwords, and none made of the words that belong to the account itself: the
 * e-mail address, the part of it before the @ and its pieces, the person's name and its
 * words, the product's name and the password its demo publishes. Compared without regard to case or surrounding spaces,
 * as people retype them.
 *
 * The leaked list (leaked-passwords.txt, generated from a maintained package) is too
 * large for the first screen's script budget, so it is not part of this module: the
 * server hands it over at start, and a browser fetches it when a password is first typed
 * (src/platform/leaked-passwords.ts). Until then the context words are checked alone,
 * and the server, which always has the list, refuses with these same words.
 */
export const COMMON_PASSWORD =
  "This password is too easy to guess: it is one of the most used passwords, or made of your e-mail address, your name, or the product's name or demo password. Choose another.";

/** The product's name and the demo accounts' published password, which a guesser tries first. */
const PRODUCT_WORDS = ['crm', 'demo-password'];
// Shorter pieces of a name or address ("li", "jo") are too common to refuse inside passwords.
const SHORTEST_CONTEXT_WORD = 3;

/** Whose password it is: the words a guesser who knows the account would try. */
export interface PasswordContext {
  email: string;
  name?: string;
}

let leaked: ReadonlySet<string> = new Set();

/** Gives the rule the leaked list, as leaked-passwords.txt holds it: one password a line. */
export function useLeakedPasswords(listText: string): void {
  leaked = new Set(listText.split('\n').map(folded).filter((password) => password !== ''));
}

export function leakedPasswordsKnown(): boolean {
  return leaked.size > 0;
}

/** The one message of the rule, or undefined when the password passes it. */
export function commonPasswordProblem(password: string, context: PasswordContext): string | undefined {
  const candidate = folded(password);
  if (leaked.has(candidate)) return COMMON_PASSWORD;
  const rest = withoutContextWords(candidate, contextWords(context));
  if (rest === candidate) return undefined;
  // Made of the account's own words, with nothing but digits and signs around them, or
  // around a leaked password ("kim2026!", "crmpassword1").
  if (!/\p{L}/u.test(rest) || leaked.has(rest)) return COMMON_PASSWORD;
  return undefined;
}

function contextWords({ email, name = '' }: PasswordContext): string[] {
  const address = folded(email);
  const localPart = address.split('@')[0] ?? '';
  const fullName = folded(name);
  const words = [address, localPart, ...localPart.split(/[._+-]+/), fullName, ...fullName.split(/[^\p{L}\p{N}]+/u), ...PRODUCT_WORDS];
  // Longest first, so an address is taken out whole before its pieces.
  return [...new Set(words)].filter((word) => [...word].length >= SHORTEST_CONTEXT_WORD).sort((a, b) => b.length - a.length);
}

function withoutContextWords(candidate: string, words: readonly string[]): string {
  return words.reduce((rest, word) => rest.split(word).join(''), candidate);
}

function folded(text: string): string {
  return text.normalize('NFKC').trim().toLowerCase();
}
