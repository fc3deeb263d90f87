import { fc, test as property } from '@fast-check/vitest';
import { readFileSync } from 'node:fs';
import { dictionary } from '@zxcvbn-ts/language-common';
import { beforeAll, describe, expect, test } from 'vitest';
import { COMMON_PASSWORD, commonPasswordProblem, useLeakedPasswords } from '../../../../src/domain/passwords/common-passwords.ts';
import { MIN_PASSWORD_LENGTH, passwordProblem, SPEC_MESSAGES } from '../../../../src/domain/rules/fields.ts';
import { leakedPasswordsFromPackage } from '../../../../scripts/generate-leaked-passwords.ts';

const LIST_FILE = new URL('../../../../src/domain/passwords/leaked-passwords.txt', import.meta.url);
const listText = (): string => readFileSync(LIST_FILE, 'utf8');

beforeAll(() => {
  useLeakedPasswords(listText());
});

const KIM = { email: 'kim.lindqvist@example.test', name: 'Kim Lindqvist' };

describe('the leaked-password list', () => {
  test('is the maintained package\'s list, as `npm run generate-passwords` writes it', () => {
    expect(listText()).toBe(`${leakedPasswordsFromPackage().join('\n')}\n`);
  });

  test('every one of the 10,000 most common passwords is refused, by the length rule or by the list', () => {
    const top = dictionary['passwords-common'].slice(0, 10_000);
    expect(top).toHaveLength(10_000);
    const accepted = top.filter((password) => passwordProblem(password, KIM) === null);
    expect(accepted).toEqual([]);
    expect(top.filter((password) => [...password].length >= MIN_PASSWORD_LENGTH).length).toBeGreaterThan(300);
  });

  test("the common passwords an attacker found accepted are refused with the rule's one message", () => {
    for (const password of ['qweasdzxc', '12345678a', 'demo-password', 'password1', '123456789', 'Password1', ' QWERTYUIOP ']) {
      expect(commonPasswordProblem(password, KIM)).toBe(COMMON_PASSWORD);
    }
  });

  test('a password shorter than the spec allows gets the spec\'s message first', () => {
    expect(passwordProblem('password', KIM)).toBe(SPEC_MESSAGES.passwordTooShort);
  });
});

describe('the context words', () => {
  test("one's own e-mail address, the part before the @, or its pieces with digits are refused", () => {
    for (const password of ['kim.lindqvist@example.test', 'Kim.Lindqvist', 'lindqvist2026', 'kim.lindqvist!!1']) {
      expect(commonPasswordProblem(password, KIM)).toBe(COMMON_PASSWORD);
    }
  });

  test("one's name, and the product's name, with nothing but digits and signs around them, are refused", () => {
    for (const password of ['Kim Lindqvist', 'kimlindqvist', 'LINDQVIST-1990', 'CRM123456!', 'crm-crm-crm', 'crmpassword1', 'demo-password1']) {
      expect(commonPasswordProblem(password, KIM)).toBe(COMMON_PASSWORD);
    }
  });

  test('a password of its own passes, even holding a word of the name among words of its own', () => {
    for (const password of ['tulip-harbour-42', 'kim likes tulip harbours', 'lindqvist bakes bread']) {
      expect(commonPasswordProblem(password, KIM)).toBeUndefined();
    }
    expect(commonPasswordProblem('kim.lindqvist', { email: '' })).toBeUndefined();
  });

  property.prop([fc.string({ minLength: 1, maxLength: 6, unit: fc.constantFrom(...'0123456789!?-_.#') })])(
    'a context word with any digits and signs around it is refused',
    (signs) => {
      expect(commonPasswordProblem(`${signs}lindqvist${signs}`, KIM)).toBe(COMMON_PASSWORD);
    },
  );
});
