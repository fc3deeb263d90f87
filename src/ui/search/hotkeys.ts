/** What the search shortcut needs of a key press (a KeyboardEvent has all of it). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** Where the press happened: a field being typed in keeps its '/'. */
  target: EventTarget | null;
}

/** Whether the press lands in something a person types into. */
function typingIn(target: EventTarget | null): boolean {
  if (typeof Element === 'undefined' || !(target instanceof Element)) return false;
  if (target.closest('[contenteditable=""], [contenteditable="true"]')) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/**
 * The global search's shortcuts: Ctrl+K or ⌘K anywhere (as in Slack, GitHub and
 * Linear), and '/' when not typing in a field.
 */
export function opensSearch(press: KeyPress): boolean {
  if (press.altKey) return false;
  if ((press.ctrlKey || press.metaKey) && press.key.toLowerCase() === 'k') return true;
  return press.key === '/' && !press.ctrlKey && !press.metaKey && !typingIn(press.target);
}
