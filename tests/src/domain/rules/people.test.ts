import { fc, test } from '@fast-check/vitest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MIN_PASSWORD_LENGTH,
  newUserProblems,
  refusalOf,
  salespersonProblems,
  signupProblems,
  SPEC_MESSAGES,
  userChangeProblems,
} from '../../../../src/domain/rules/index.ts';
import { COMMON_PASSWORD } from '../../../../src/domain/passwords/common-passwords.ts';
import { knowLeakedPasswords } from '../../../../server/accounts/leaked-passwords.ts';

// The rule as the server runs it, its leaked list known.
beforeAll(knowLeakedPasswords);

const fieldsOf = (problems: readonly { field: string }[]) => problems.map((problem) => problem.field);

describe('sign-up (section 5, in this order)', () => {
  it("1. all fields filled, else 'Must fill all fields.' under every empty one", () => {
    expect(signupProblems({ email: '', password: '', retypedPassword: '' })).toEqual([
      { field: 'email', message: 'Must fill all fields.' },
      { field: 'password', message: 'Must fill all fields.' },
      { field: 'retypedPassword', message: 'Must fill all fields.' },
    ]);
  });

  it("2. a password of 8 characters: 'The password must be longer than 8 characters.'", () => {
    expect(signupProblems({ email: 'a@b.co', password: '12345678', retypedPassword: '12345678' })).toEqual([
      { field: 'password', message: 'The password must be longer than 8 characters.' },
    ]);
    expect(MIN_PASSWORD_LENGTH).toBe(9);
    expect(signupProblems({ email: 'a@b.co', password: 'sunlit-42', retypedPassword: 'sunlit-42' })).toEqual([]);
  });

  it('a password from the leaked lists, or the e-mail itself, is refused under the password with one message', () => {
    expect(signupProblems({ email: 'kim@b.co', password: '123456789', retypedPassword: '123456789' })).toEqual([
      { field: 'password', message: COMMON_PASSWORD },
    ]);
    expect(signupProblems({ email: 'kim.lindqvist@b.co', password: 'kim.lindqvist', retypedPassword: 'kim.lindqvist' })).toEqual([
      { field: 'password', message: COMMON_PASSWORD },
    ]);
  });

  it("3. different passwords: 'Password and re-enter password must be the same.' under the re-typed one", () => {
    expect(signupProblems({ email: 'a@b.co', password: 'sunlit-42', retypedPassword: 'sunlit-43' })).toEqual([
      { field: 'retypedPassword', message: 'Password and re-enter password must be the same.' },
    ]);
  });

  it('names every problem at once, the first being the first rule the spec checks', () => {
    const problems = signupProblems({ email: '', password: 'short', retypedPassword: 'other' });
    expect(problems).toEqual([
      { field: 'email', message: 'Must fill all fields.' },
      { field: 'password', message: 'The password must be longer than 8 characters.' },
      { field: 'retypedPassword', message: 'Password and re-enter password must be the same.' },
    ]);
    expect(refusalOf(problems).message).toBe('Must fill all fields.');
  });

  it("an e-mail of no e-mail shape: 'Invalid email format'; letters of any script are fine", () => {
    expect(signupProblems({ email: 'not-mail', password: 'sunlit-42', retypedPassword: 'sunlit-42' })).toEqual([
      { field: 'email', message: 'Invalid email format' },
    ]);
    expect(signupProblems({ email: 'jürgen@müller.de', password: 'sunlit-42', retypedPassword: 'sunlit-42' })).toEqual([]);
  });

  test.prop([fc.string(), fc.string(), fc.string()])('at most one problem per field, each a spec message', (email, password, retypedPassword) => {
    const problems = signupProblems({ email, password, retypedPassword });
    expect(new Set(fieldsOf(problems)).size).toBe(problems.length);
    for (const problem of problems) expect([...Object.values(SPEC_MESSAGES), COMMON_PASSWORD]).toContain(problem.message);
  });
});

const validUser = { name: 'Ada', email: 'ada@example.com', password: 'long-enough', role_id: 3, phone: '+4930123', mobile: '1701234567' };

describe('Create User (section 5)', () => {
  it("every field required: 'Must provide all fields' under each missing one", () => {
    expect(newUserProblems({ name: ' ', email: '', password: '', role_id: 0, phone: '', mobile: '' })).toEqual(
      ['name', 'email', 'password', 'role_id', 'phone', 'mobile'].map((field) => ({ field, message: 'Must provide all fields' })),
    );
  });

  it("'Email already exists', ignoring case; 'Invalid email format'; 'Invalid Phone number format' for each number", () => {
    expect(newUserProblems({ ...validUser, email: 'ADA@example.com' }, new Set(['ada@example.com']))).toEqual([
      { field: 'email', message: 'Email already exists' },
    ]);
    expect(newUserProblems({ ...validUser, email: 'ada@example', phone: '12', mobile: '0301234' })).toEqual([
      { field: 'email', message: 'Invalid email format' },
      { field: 'phone', message: 'Invalid Phone number format' },
      { field: 'mobile', message: 'Invalid Phone number format' },
    ]);
  });

  it('a 1-character password gets the sign-up words, never a schema text', () => {
    expect(newUserProblems({ ...validUser, password: 'x' })).toEqual([
      { field: 'password', message: 'The password must be longer than 8 characters.' },
    ]);
  });

  it('a valid user has no problem', () => {
    expect(newUserProblems(validUser)).toEqual([]);
  });
});

describe('Update User (section 5)', () => {
  const change = { name: 'Ada', email: 'ada@example.com', role_id: 2, password: '' };

  it('the e-mail is checked for duplicates only when it changed', () => {
    const taken = new Set(['ada@example.com', 'bob@example.com']);
    expect(userChangeProblems(change, 'ada@example.com', taken)).toEqual([]);
    expect(userChangeProblems({ ...change, email: 'bob@example.com' }, 'ada@example.com', taken)).toEqual([
      { field: 'email', message: 'Email already exists' },
    ]);
  });

  it('name, e-mail and role required; the shape checked; a typed new password must be long enough', () => {
    expect(userChangeProblems({ name: '', email: 'x', role_id: 0, password: 'short' }, 'ada@example.com')).toEqual([
      { field: 'name', message: 'Must provide all fields' },
      { field: 'role_id', message: 'Must provide all fields' },
      { field: 'email', message: 'Invalid email format' },
      { field: 'password', message: 'The password must be longer than 8 characters.' },
    ]);
  });
});

describe('Edit Salesperson (section 5)', () => {
  it("'Must fill all fields.' and 'Invalid Phone number format' at once, under their fields", () => {
    expect(salespersonProblems({ name: 'Ada', email: 'ada@example.com', phone: '', mobile: '+0 12' })).toEqual([
      { field: 'phone', message: 'Must fill all fields.' },
      { field: 'mobile', message: 'Invalid Phone number format' },
    ]);
  });

  it('a leading 0 or 00, spaces between digits, up to 15 digits', () => {
    expect(salespersonProblems({ name: 'Ada', email: 'ada@example.com', phone: '030 1234 567', mobile: '0049 170 1234567' })).toEqual([]);
    expect(salespersonProblems({ name: 'Ada', email: 'ada@example.com', phone: '1234567890123456', mobile: '+49 30 1' })).toEqual([
      { field: 'phone', message: 'Invalid Phone number format' },
    ]);
  });
});
