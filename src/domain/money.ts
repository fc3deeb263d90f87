/**
 * The one place amounts become text. Every screen that shows money (dashboard,
 * opportunity list, pipeline, customers, calendar, editors) formats it here, in
 * the tenant's currency, so no two screens can disagree on how €1,234.50 looks.
 */

/** The app's language: labels and dates are English, so are number separators. */
const LOCALE = 'en-US';

/** A currency shown before the tenant's own is known, or against an API without tenant settings. */
export const FALLBACK_CURRENCY = 'EUR';

const ISO_CODE = /^[A-Z]{3}$/;
/** What a code of another shape than three capital letters hears (the document's pattern refuses it too). */
export const CURRENCY_SHAPE_MESSAGE = 'Enter a three-letter currency code, for example EUR or USD.';

/** Every ISO 4217 code the runtime can format (the browser's and Node's ICU agree). */
function knownCurrencies(): ReadonlySet<string> {
  return new Set(Intl.supportedValuesOf('currency'));
}
let known: ReadonlySet<string> | undefined;

/** Why `code` is not a currency this app can show, in people's words; null when it is one. */
export function currencyProblem(code: string): string | null {
  if (!ISO_CODE.test(code)) return CURRENCY_SHAPE_MESSAGE;
  known ??= knownCurrencies();
  if (!known.has(code)) return `${code} is not an ISO 4217 currency code.`;
  return null;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let found = formatters.get(key);
  if (!found) {
    found = make();
    formatters.set(key, found);
  }
  return found;
}

/** An amount to its currency's minor unit, e.g. €12,345.60, CHF 12,345.60 or ¥1,235. */
export function formatMoney(amount: number, currency: string): string {
  return formatter(`full ${currency}`, () => new Intl.NumberFormat(LOCALE, { style: 'currency', currency })).format(amount);
}

/** An amount in a few characters for axes and headlines, e.g. €1.2M, €850K, €0. */
export function formatMoneyCompact(amount: number, currency: string): string {
  return formatter(`compact ${currency}`, () =>
    new Intl.NumberFormat(LOCALE, { style: 'currency', currency, notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 }),
  ).format(amount);
}
