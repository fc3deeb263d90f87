import { readFileSync } from 'node:fs';
import { leakedPasswordsKnown, useLeakedPasswords } from '../../src/domain/passwords/common-passwords.ts';

// Read from the file the browser loads too (scripts/generate-leaked-passwords.ts makes
// it), beside the compiled server as beside the sources.
const LIST = new URL('../../src/domain/passwords/leaked-passwords.txt', import.meta.url);

/** Gives the password rule its leaked list, once per process, before any route checks a password. */
export function knowLeakedPasswords(): void {
  if (leakedPasswordsKnown()) return;
  useLeakedPasswords(readFileSync(LIST, 'utf8'));
}
