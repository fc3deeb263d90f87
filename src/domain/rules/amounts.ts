/**
 * Money as people type it: in their own locale, with or without thousands
 * separators ('1,234.50' in English, '1.234,50' in German, '1 234,50' in French),
 * at most two decimals, never negative. The stored amount is a plain number, and
 * the server checks that number with amountValueProblem, the same rule.
 */

/** numeric(14,2): twelve digits before the point, two after. */
export const MAX_AMOUNT = 999_999_999_999.99;
export const MIN_AMOUNT = 0;
export const AMOUNT_DECIMALS = 2;

/** The separators a locale writes numbers with. */
export interface NumberSeparators {
  group: string;
  decimal: string;
  /** Digits in each group after the first: 3, or 2 where a locale groups lakhs and crores (en-IN). */
  secondaryGroupSize: number;
}

const separatorCache = new Map<string, NumberSeparators>();

export function separatorsOf(locale: string): NumberSeparators {
  const cached = separatorCache.get(locale);
  if (cached) return cached;
  const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(12_345_678.5);
  const group = parts.find((part) => part.type === 'group')?.value ?? ',';
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
  const integers = parts.filter((part) => part.type === 'integer').map((part) => part.value);
  const secondaryGroupSize = integers.length > 2 && integers[1]!.length === 2 ? 2 : 3;
  const separators = { group, decimal, secondaryGroupSize };
  separatorCache.set(locale, separators);
  return separators;
}

// People type a plain space, a no-break space or an apostrophe where a locale prints
// a narrow no-break space or a right single quote; each stands for the group separator.
const SPACE_GROUPS = new Set([' ', '\u00a0', '\u202f']);
const APOSTROPHE_GROUPS = new Set(["'", '\u2019']);

function isGroupCharacter(character: string, group: string): boolean {
  if (character === group) return true;
  if (SPACE_GROUPS.has(group)) return SPACE_GROUPS.has(character);
  if (APOSTROPHE_GROUPS.has(group)) return APOSTROPHE_GROUPS.has(character);
  return false;
}

/** Whether the integer part's groups sit where the locale puts them: 1,234,567 or (en-IN) 12,34,567. */
function isWellGrouped(groups: readonly string[], secondaryGroupSize: number): boolean {
  if (groups.length === 1) return /^\d+$/.test(groups[0]!);
  const [first, ...rest] = groups;
  const last = rest.pop()!;
  if (!/^\d{3}$/.test(last)) return false;
  const size = rest.length === 0 ? 3 : secondaryGroupSize;
  const middle = new RegExp(`^\\d{${secondaryGroupSize}}$`);
  return new RegExp(`^\\d{1,${size}}$`).test(first!) && rest.every((group) => middle.test(group));
}

/** The number an amount text stands for in the locale, or null when it is not one (a minus sign included). */
export function parseAmount(text: string, locale: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const { group, decimal, secondaryGroupSize } = separatorsOf(locale);
  const localised = readAmount(trimmed, group, decimal, secondaryGroupSize);
  if (localised !== null) return localised;
  // A plain 1234.50 is what a computer writes and what the form shows when the
  // locale's decimal mark is a comma; it is read as such unless it is a valid
  // grouping in the locale (1.234 is one thousand two hundred and thirty-four in German).
  return /^\d+(\.\d{1,2})?$/.test(trimmed) ? Number(trimmed) : null;
}

function readAmount(text: string, group: string, decimal: string, secondaryGroupSize: number): number | null {
  const decimalAt = text.lastIndexOf(decimal);
  const integerText = decimalAt === -1 ? text : text.slice(0, decimalAt);
  const fractionText = decimalAt === -1 ? '' : text.slice(decimalAt + 1);
  if (decimalAt !== -1 && !/^\d{1,2}$/.test(fractionText)) return null;
  const groups: string[] = [''];
  for (const character of integerText) {
    if (character >= '0' && character <= '9') groups[groups.length - 1] += character;
    else if (isGroupCharacter(character, group)) groups.push('');
    else return null;
  }
  if (groups.some((part) => part === '') || !isWellGrouped(groups, secondaryGroupSize)) return null;
  return Number(`${groups.join('')}${fractionText === '' ? '' : `.${fractionText}`}`);
}

/** An amount as stored: a finite number from 0 to MAX_AMOUNT with at most two decimals. */
export function amountValueProblem(value: number, label: string): string | null {
  if (!Number.isFinite(value)) return amountShapeMessage(label, 'en');
  if (value < MIN_AMOUNT) return `${label} must not be negative.`;
  if (value > MAX_AMOUNT) return `${label} must be at most ${formatAmountInput(MAX_AMOUNT, 'en', true)}.`;
  // Cents: the stored amount keeps two decimals, and binary fractions must not count as a third.
  if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6 * Math.max(1, value)) {
    return `${label} can have at most ${AMOUNT_DECIMALS} decimals.`;
  }
  return null;
}

function amountShapeMessage(label: string, locale: string): string {
  return `${label} must be an amount such as ${formatAmountInput(1234.5, locale, true)}.`;
}

/** An amount as typed in the locale: required, readable, then the stored rule. */
export function amountTextProblem(label: string, text: string, locale: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return `${label} is required.`;
  if (/^[-−]/.test(trimmed) && parseAmount(trimmed.slice(1), locale) !== null) return `${label} must not be negative.`;
  const value = parseAmount(trimmed, locale);
  if (value === null) return amountShapeMessage(label, locale);
  return amountValueProblem(value, label);
}

/** An amount as an input shows it for editing in the locale: 1234.5 is '1234.50' in English, '1234,50' in German. */
export function formatAmountInput(value: number, locale: string, grouped = false): string {
  const whole = Number.isInteger(value);
  return new Intl.NumberFormat(locale, {
    useGrouping: grouped,
    minimumFractionDigits: whole ? 0 : AMOUNT_DECIMALS,
    maximumFractionDigits: AMOUNT_DECIMALS,
  }).format(value);
}
