/**
 * Sorting a large tenant's names with Intl.Collator calls its compare over a hundred
 * thousand times, too slow for a click on a header. Most names and e-mails are
 * plain ASCII, and for ASCII a collator that ignores case and reads digits as
 * numbers (`{ sensitivity: 'base', numeric: true }`) orders text the way a plain
 * string comparison orders a key made of one weight per character, with each run
 * of digits written as its number. The key is made once per user when the list
 * loads; sorting then compares keys, and only text with other characters goes to
 * the collator.
 *
 * The weights are read from the collator itself, so they are the browser's own
 * order; a collator whose ASCII order does not fit this scheme gets no keys.
 */

/** The key of a text, or null when only the collator can place it. */
export type CollationKeyOf = (text: string) => string | null;

/** Marks a character the collator ignores altogether (most control characters): left to the collator. */
const IGNORED = -1;
/** Marks a digit: a run of them is one number. */
const DIGIT = -2;
/** Keys start above the control characters, so they stay one-byte strings. */
const FIRST_WEIGHT = 0x21;
/** ICU reads at most 254 digits as one number; longer runs are left to the collator. */
const LONGEST_NUMBER = 254;

/**
 * The key maker for `collator` (which must ignore case and read numbers, as
 * above), or null when its order of the ASCII characters does not have the shape
 * the keys assume: single characters with one weight each, the digits together.
 */
export function asciiCollationKeys(collator: Intl.Collator): CollationKeyOf | null {
  const weights = asciiWeights(collator);
  if (!weights) return null;
  const { weightOf, numberWeight } = weights;

  // One buffer for every key, turned into a flat string at the end: keys built by
  // concatenation are ropes, which V8 would flatten again in the sort's comparisons.
  let codes = new Uint16Array(64);
  return (text) => {
    // A key is never longer than its text plus one more character per number.
    if (codes.length < text.length * 2) codes = new Uint16Array(text.length * 2);
    let length = 0;
    for (let i = 0; i < text.length; ) {
      const code = text.charCodeAt(i);
      if (code > 0x7f) return null;
      const weight = weightOf[code]!;
      if (weight === IGNORED) return null;
      if (weight !== DIGIT) {
        codes[length++] = weight;
        i += 1;
        continue;
      }
      // A number: its value decides, so leading zeros are dropped and a longer number is a larger one.
      let end = i;
      while (end < text.length && weightOf[text.charCodeAt(end)] === DIGIT) end += 1;
      if (end - i > LONGEST_NUMBER) return null;
      let first = i;
      while (first < end - 1 && text.charCodeAt(first) === 0x30) first += 1;
      codes[length++] = numberWeight;
      codes[length++] = FIRST_WEIGHT + (end - first);
      for (let digit = first; digit < end; digit += 1) codes[length++] = text.charCodeAt(digit);
      i = end;
    }
    return String.fromCharCode.apply(null, codes.subarray(0, length) as unknown as number[]);
  };
}

/** Each ASCII character's weight in the collator's order, or null if that order does not fit the keys. */
function asciiWeights(collator: Intl.Collator): { weightOf: Int16Array; numberWeight: number } | null {
  const weightOf = new Int16Array(128);
  const placed: string[] = [];
  for (let code = 0; code < 128; code += 1) {
    const character = String.fromCharCode(code);
    if (collator.compare(character, '') === 0) weightOf[code] = IGNORED;
    else placed.push(character);
  }
  placed.sort(collator.compare);

  const isDigit = (character: string) => character >= '0' && character <= '9';
  const firstDigit = placed.findIndex(isDigit);
  const digits = placed.filter(isDigit);
  // The ten digits side by side, nothing between them, and every other character wholly before or after.
  if (digits.length !== 10 || !placed.slice(firstDigit, firstDigit + 10).every(isDigit)) return null;

  let weight = FIRST_WEIGHT - 1;
  let numberWeight = 0;
  let previous: string | undefined;
  for (const character of placed) {
    if (isDigit(character)) {
      weightOf[character.charCodeAt(0)] = DIGIT;
      if (numberWeight === 0) numberWeight = weight += 1;
      previous = undefined;
      continue;
    }
    // Characters the collator holds equal ('a' and 'A') share a weight.
    if (previous === undefined || collator.compare(previous, character) !== 0) weight += 1;
    weightOf[character.charCodeAt(0)] = weight;
    previous = character;
  }
  return { weightOf, numberWeight };
}
