import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  parseDateText,
  isEmailShape,
  isSalespersonPhone,
  isUserPhone,
  newUserProblems,
  salespersonProblems,
  signupProblems,
  userChangeProblems,
  type NewUserFields,
  type SalespersonFields,
  type SignupFields,
} from '../../../../src/domain/rules/index.ts';

// The message a single toast would show: the first problem, in the spec's order of checks.
const firstOf = (problems: readonly { message: string }[]) => problems[0]?.message ?? null;
const signupProblem = (fields: SignupFields) => firstOf(signupProblems(fields));
const newUserProblem = (fields: NewUserFields, emails: ReadonlySet<string>) => firstOf(newUserProblems(fields, emails));
const userChangeProblem = (fields: { name: string; email: string; role_id: number }, original: string, emails: ReadonlySet<string>) =>
  firstOf(userChangeProblems({ ...fields, password: '' }, original, emails));
const salespersonProblem = (fields: SalespersonFields) => firstOf(salespersonProblems(fields));

// Slow, obviously correct readings of the spec's three patterns, character by character.
const isDigit = (c: string) => c >= '0' && c <= '9';
const isSpaceLike = (c: string) => /\s/.test(c);

function referenceEmailShape(value: string): boolean {
  if ([...value].some(isSpaceLike)) return false;
  const parts = value.split('@');
  if (parts.length !== 2) return false;
  const [local, domain] = parts as [string, string];
  if (local === '') return false;
  for (let i = 1; i < domain.length - 1; i += 1) if (domain[i] === '.') return true;
  return false;
}

function referenceUserPhone(value: string): boolean {
  const digits = value.startsWith('+') ? value.slice(1) : value;
  return (
    [...digits].every(isDigit) && digits.length >= 3 && digits.length <= 15 && digits[0] !== '0'
  );
}

function referenceSalespersonPhone(value: string): boolean {
  let rest = value;
  if (rest.startsWith('+')) {
    rest = rest.slice(1);
    if (rest === '' || rest[0] === '0') return false;
  }
  if (rest === '' || !isDigit(rest[0]!) || !isDigit(rest[rest.length - 1]!)) return false;
  if (![...rest].every((c) => isDigit(c) || c === ' ')) return false;
  if (rest.includes('  ')) return false;
  return [...rest].filter(isDigit).length <= 15;
}

const digit = fc.constantFrom(...'0123456789');
const nonZeroDigit = fc.constantFrom(...'123456789');
const digits = (minLength: number, maxLength: number) =>
  fc.array(digit, { minLength, maxLength }).map((list) => list.join(''));
const wordChar = fc.constantFrom(...'abcxyzABC019._-+%');
const word = fc.array(wordChar, { minLength: 1, maxLength: 12 }).map((list) => list.join(''));
/** Strings made mostly of the characters the patterns care about, so edge cases come up often. */
const phoneLike = fc
  .array(fc.constantFrom(...'+0123456789  -a'), { maxLength: 20 })
  .map((list) => list.join(''));
const emailLike = fc.array(fc.constantFrom(...'ab.@ \t1-'), { maxLength: 14 }).map((list) => list.join(''));

describe("email: a simple {email} shape, else 'Invalid email format'", () => {
  test.prop([word.filter((w) => !w.includes('@')), word, word])(
    'local@domain.tld is accepted',
    (local, domain, tld) => {
      const safe = (part: string) => part.replace(/\./g, 'x');
      expect(isEmailShape(`${local}@${safe(domain)}.${safe(tld)}`)).toBe(true);
    },
  );

  test.prop([word, word])('without an @ it is refused', (a, b) => {
    expect(isEmailShape(`${a.replace(/@/g, '')}.${b.replace(/@/g, '')}`)).toBe(false);
  });

  test.prop([word, word, word, fc.constantFrom(' ', '\t', '\n')])('a space anywhere refuses it', (a, b, c, space) => {
    expect(isEmailShape(`${a}${space}@${b}.${c}`)).toBe(false);
    expect(isEmailShape(`${a}@${b}${space}.${c}`)).toBe(false);
  });

  test.prop([word, word.map((w) => w.replace(/\./g, ''))])('a domain without a dot is refused', (a, domain) => {
    expect(isEmailShape(`${a}@${domain}`)).toBe(false);
  });

  test.prop([word, word, word])('two @ signs are refused', (a, b, c) => {
    expect(isEmailShape(`${a}@${b}@${c}.com`)).toBe(false);
  });

  test.prop([emailLike])('agrees with the character-by-character reading', (value) => {
    expect(isEmailShape(value)).toBe(referenceEmailShape(value));
  });
});

describe("Create User phone: optional plus, non-zero first digit, then 2 to 14 more digits, else 'Invalid Phone number format'", () => {
  test.prop([fc.boolean(), nonZeroDigit, digits(2, 14)])('is accepted', (plus, first, more) => {
    expect(isUserPhone(`${plus ? '+' : ''}${first}${more}`)).toBe(true);
  });

  test.prop([fc.boolean(), digits(2, 14)])('a zero first digit is refused', (plus, more) => {
    expect(isUserPhone(`${plus ? '+' : ''}0${more}`)).toBe(false);
  });

  test.prop([fc.boolean(), nonZeroDigit, digits(0, 1)])('fewer than 2 more digits are refused', (plus, first, more) => {
    expect(isUserPhone(`${plus ? '+' : ''}${first}${more}`)).toBe(false);
  });

  test.prop([fc.boolean(), nonZeroDigit, digits(15, 30)])('more than 14 more digits are refused', (plus, first, more) => {
    expect(isUserPhone(`${plus ? '+' : ''}${first}${more}`)).toBe(false);
  });

  test.prop([nonZeroDigit, digits(2, 12), fc.constantFrom(' ', '-', 'a', '++', '(')])(
    'anything but digits after the plus is refused',
    (first, more, intruder) => {
      expect(isUserPhone(`${first}${intruder}${more}`)).toBe(false);
      expect(isUserPhone(`+${first}${more}${intruder}`)).toBe(false);
    },
  );

  test.prop([phoneLike])('agrees with the character-by-character reading', (value) => {
    expect(isUserPhone(value)).toBe(referenceUserPhone(value));
  });
});

describe("Edit Salesperson phone: leading 0, 00, or optional plus with a non-zero first digit, up to 15 digits, optional spaces, else 'Invalid Phone number format'", () => {
  /** Inserts a space or none after each digit but the last. */
  const spaced = (value: string, gaps: readonly number[]) =>
    [...value].map((c, i) => (i < value.length - 1 ? c + ' '.repeat(gaps[i] ?? 0) : c)).join('');
  const gaps = fc.array(fc.integer({ min: 0, max: 1 }), { maxLength: 15 });

  const validPhone = fc
    .oneof(
      digits(0, 14).map((rest) => `0${rest}`),
      digits(0, 13).map((rest) => `00${rest}`),
      fc.tuple(nonZeroDigit, digits(0, 14)).map(([first, rest]) => `${first}${rest}`),
    )
    .chain((number) => fc.tuple(fc.constant(number), gaps));

  test.prop([validPhone])('a leading 0 or 00 or a non-zero digit, up to 15 digits, spaced or not, is accepted', ([number, spaces]) => {
    expect(isSalespersonPhone(spaced(number, spaces))).toBe(true);
  });

  test.prop([nonZeroDigit, digits(0, 14), gaps])('a plus with a non-zero first digit is accepted', (first, rest, spaces) => {
    expect(isSalespersonPhone(`+${spaced(first + rest, spaces)}`)).toBe(true);
  });

  test.prop([digits(0, 14)])('a plus followed by 0 is refused', (rest) => {
    expect(isSalespersonPhone(`+0${rest}`)).toBe(false);
  });

  test.prop([digits(16, 30), gaps])('more than 15 digits are refused, spaces or not', (number, spaces) => {
    expect(isSalespersonPhone(spaced(number, spaces))).toBe(false);
  });

  test.prop([digits(1, 10), digits(1, 4), fc.constantFrom('-', 'a', '+', '(', '.')])(
    'anything but digits and spaces is refused',
    (a, b, intruder) => {
      expect(isSalespersonPhone(`${a}${intruder}${b}`)).toBe(false);
    },
  );

  test.prop([digits(1, 7), digits(1, 7)])('two spaces in a row are refused', (a, b) => {
    expect(isSalespersonPhone(`${a}  ${b}`)).toBe(false);
  });

  test.prop([fc.constantFrom('', '+', ' ', ' 0123', '0123 ')])('empty, a bare plus or loose spaces at the ends are refused', (value) => {
    expect(isSalespersonPhone(value)).toBe(false);
  });

  test.prop([phoneLike])('agrees with the character-by-character reading', (value) => {
    expect(isSalespersonPhone(value)).toBe(referenceSalespersonPhone(value));
  });
});

describe('sign-up rules, in the spec order', () => {
  const filled = { email: 'a@b.co', password: '123456789', retypedPassword: '123456789' };

  test.each([
    [{ ...filled, email: '' }],
    [{ ...filled, password: '' }],
    [{ ...filled, retypedPassword: '' }],
    [{ email: '', password: 'short', retypedPassword: 'different' }],
  ])("an empty field gives 'Must fill all fields.' before any other message (%o)", (fields) => {
    expect(signupProblem(fields)).toBe('Must fill all fields.');
  });

  test.prop([fc.string({ minLength: 1, maxLength: 8 }), fc.string({ minLength: 1, maxLength: 12 })])(
    "8 characters or fewer give 'The password must be longer than 8 characters.' even when the two differ",
    (password, retyped) => {
      expect(signupProblem({ email: 'a@b.co', password, retypedPassword: retyped })).toBe(
        'The password must be longer than 8 characters.',
      );
    },
  );

  test.prop([fc.string({ minLength: 9, maxLength: 30 }), fc.string({ minLength: 1, maxLength: 30 })])(
    "a long enough password that differs gives 'Password and re-enter password must be the same.'",
    (password, retyped) => {
      fc.pre(password !== retyped);
      expect(signupProblem({ email: 'a@b.co', password, retypedPassword: retyped })).toBe(
        'Password and re-enter password must be the same.',
      );
    },
  );

  test.prop([fc.string({ minLength: 9, maxLength: 30 })])('9 or more characters, retyped the same, pass', (password) => {
    expect(signupProblem({ email: 'a@b.co', password, retypedPassword: password })).toBeNull();
  });
});

describe('Create User rules', () => {
  const valid = {
    name: 'New Hire',
    email: 'new@demo.test',
    password: 'secret-password',
    role_id: 3,
    phone: '+15551234',
    mobile: '5551234',
  };
  const none = new Set<string>();

  test.each(['name', 'email', 'password', 'phone', 'mobile'] as const)(
    "an empty %s gives 'Must provide all fields'",
    (field) => {
      expect(newUserProblem({ ...valid, [field]: '  ' }, none)).toBe('Must provide all fields');
    },
  );

  test("no role gives 'Must provide all fields'", () => {
    expect(newUserProblem({ ...valid, role_id: 0 }, none)).toBe('Must provide all fields');
  });

  test("an e-mail already in the list gives 'Email already exists', whatever its case", () => {
    expect(newUserProblem({ ...valid, email: 'New@Demo.test' }, new Set(['new@demo.test']))).toBe(
      'Email already exists',
    );
  });

  test("a malformed e-mail gives 'Invalid email format'", () => {
    expect(newUserProblem({ ...valid, email: 'new-at-demo' }, none)).toBe('Invalid email format');
  });

  test.each(['phone', 'mobile'] as const)("a bad %s gives 'Invalid Phone number format'", (field) => {
    expect(newUserProblem({ ...valid, [field]: '0123456' }, none)).toBe('Invalid Phone number format');
  });

  test('a complete, new, well-formed user passes', () => {
    expect(newUserProblem(valid, new Set(['someone@demo.test']))).toBeNull();
  });
});

describe('Update User rules', () => {
  const original = 'ann@demo.test';
  const list = new Set(['ann@demo.test', 'bob@demo.test']);

  test.each(['name', 'email'] as const)("an empty %s gives 'Must provide all fields'", (field) => {
    expect(userChangeProblem({ name: 'Ann', email: original, role_id: 3, [field]: '' }, original, list)).toBe(
      'Must provide all fields',
    );
  });

  test("no role gives 'Must provide all fields'", () => {
    expect(userChangeProblem({ name: 'Ann', email: original, role_id: 0 }, original, list)).toBe(
      'Must provide all fields',
    );
  });

  test('the unchanged e-mail is not a duplicate of itself', () => {
    expect(userChangeProblem({ name: 'Ann', email: 'ANN@demo.test', role_id: 2 }, original, list)).toBeNull();
  });

  test("a changed e-mail that another user has gives 'Email already exists'", () => {
    expect(userChangeProblem({ name: 'Ann', email: 'bob@demo.test', role_id: 3 }, original, list)).toBe(
      'Email already exists',
    );
  });

  test("a malformed e-mail gives 'Invalid email format'", () => {
    expect(userChangeProblem({ name: 'Ann', email: 'ann@demo', role_id: 3 }, original, list)).toBe(
      'Invalid email format',
    );
  });
});

describe('Edit Salesperson rules', () => {
  const valid = { name: 'Rep', email: 'rep@demo.test', phone: '00 44 20 7946 0000', mobile: '+44 7700 900000' };

  test.each(['name', 'email', 'phone', 'mobile'] as const)("an empty %s gives 'Must fill all fields.'", (field) => {
    expect(salespersonProblem({ ...valid, [field]: '' })).toBe('Must fill all fields.');
  });

  test("a malformed e-mail gives 'Invalid email format'", () => {
    expect(salespersonProblem({ ...valid, email: 'rep@' })).toBe('Invalid email format');
  });

  test.each(['phone', 'mobile'] as const)("a bad %s gives 'Invalid Phone number format'", (field) => {
    expect(salespersonProblem({ ...valid, [field]: '+0 12' })).toBe('Invalid Phone number format');
  });

  test('spaced national and international numbers pass', () => {
    expect(salespersonProblem(valid)).toBeNull();
  });
});

describe('a typed date', () => {
  /** Date's own calendar, in UTC where every day exists: it rolls 31 April over into 1 May. */
  function reference(year: number, month: number, day: number): boolean {
    const check = new Date(Date.UTC(year, month - 1, day));
    check.setUTCFullYear(year, month - 1, day);
    return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
  }
  const digits = (value: number, width: number) => String(value).padStart(width, '0');

  test.prop([fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 })], { numRuns: 2000 })(
    'names a real day exactly when Date has that day (leap years, month ends, 00 and 13 included)',
    (year, month, day) => {
      const text = `${digits(year, 4)}-${digits(month, 2)}-${digits(day, 2)}`;
      expect(parseDateText(text)).toEqual(reference(year, month, day) ? { year, month, day } : null);
    },
  );

  test('around the ends of every month, in leap years and not (century years too)', () => {
    for (const year of [0, 1900, 1970, 2000, 2023, 2024, 2100, 2400, 9999]) {
      for (let month = 1; month <= 12; month += 1) {
        for (let day = 27; day <= 32; day += 1) {
          const text = ` ${digits(year, 4)}-${digits(month, 2)}-${digits(day, 2)} `;
          expect(parseDateText(text) !== null, text).toBe(reference(year, month, day));
        }
      }
    }
  });
});
