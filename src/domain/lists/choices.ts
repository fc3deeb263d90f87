/** One choice of a large select (an opportunity, a customer, a salesperson). */
export interface Choice {
  value: string;
  label: string;
  /** A line telling choices of one label apart (a date, an e-mail). */
  detail?: string;
}

/** How many choices a combobox lists at once: enough to scan, few enough to render at once. */
export const SHOWN_CHOICES = 50;

/**
 * The choices a typed text finds: those whose label or detail contains every word,
 * regardless of case, those whose label starts with the text first, at most SHOWN_CHOICES.
 */
export function findChoices(choices: readonly Choice[], text: string): Choice[] {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return choices.slice(0, SHOWN_CHOICES);
  const whole = words.join(' ');
  const starting: Choice[] = [];
  const containing: Choice[] = [];
  for (const choice of choices) {
    const haystack = `${choice.label} ${choice.detail ?? ''}`.toLowerCase();
    if (!words.every((word) => haystack.includes(word))) continue;
    (choice.label.toLowerCase().startsWith(whole) ? starting : containing).push(choice);
    if (starting.length >= SHOWN_CHOICES) break;
  }
  return [...starting, ...containing].slice(0, SHOWN_CHOICES);
}
