/**
 * The reader's locale, as the browser states it: amounts are typed and shown in
 * it ('1,234.50' in English, '1.234,50' in German). English where there is no browser.
 */
export function readerLocale(): string {
  if (typeof navigator === 'undefined') return 'en';
  const preferred = navigator.languages?.[0] ?? navigator.language;
  try {
    return preferred ? Intl.NumberFormat.supportedLocalesOf([preferred])[0] ?? 'en' : 'en';
  } catch {
    return 'en';
  }
}
