import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dictionary } from '@zxcvbn-ts/language-common';
import { MIN_PASSWORD_LENGTH } from '../src/domain/rules/fields.ts';

/**
 * `npm run generate-passwords`: the leaked-password list the password rule checks, from
 * the zxcvbn-ts project's list of the most common passwords (its whole list, tens of
 * thousands ranked by frequency, well past the top ten thousand). Only entries the
 * spec's length rule lets through are kept: shorter ones are refused before this list
 * is asked, and leaving them out keeps the list small enough for the browser to fetch
 * when a password is first typed. One password a line: data, not a script to parse. Run again after the package is updated;
 * tests/src/domain/passwords/leaked-passwords.test.ts fails until it is.
 */
export const LEAKED_PASSWORDS_PATH = 'src/domain/passwords/leaked-passwords.txt';

export function leakedPasswordsFromPackage(): string[] {
  const kept = dictionary['passwords-common']
    .map((password) => password.trim().toLowerCase())
    .filter((password) => [...password].length >= MIN_PASSWORD_LENGTH);
  return [...new Set(kept)];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  writeFileSync(`${root}${LEAKED_PASSWORDS_PATH}`, `${leakedPasswordsFromPackage().join('\n')}\n`);
}
