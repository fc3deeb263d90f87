import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { COMMON_PASSWORD, commonPasswordProblem } from '../../../../src/domain/passwords/common-passwords.ts';

describe('the common-password rule', () => {
  test("issue 19's trivial passwords are refused with the one message", () => {
    for (const password of ['password1', '123456789', 'Password1', ' QWERTYUIOP ']) {
      expect(commonPasswordProblem(password, 'kim@example.test')).toBe(COMMON_PASSWORD);
    }
  });

  test("one's own e-mail address, or the part before the @, is refused", () => {
    expect(commonPasswordProblem('kim.lindqvist@example.test', 'Kim.Lindqvist@example.test')).toBe(COMMON_PASSWORD);
    expect(commonPasswordProblem('kim.lindqvist', 'kim.lindqvist@example.test')).toBe(COMMON_PASSWORD);
  });

  test('a password of its own passes', () => {
    expect(commonPasswordProblem('tulip-harbour-42', 'kim@example.test')).toBeUndefined();
    expect(commonPasswordProblem('kim.lindqvist', '')).toBeUndefined();
  });

  test("the list stays far under the first screen's script budget", () => {
    const source = readFileSync(new URL('../../../../src/domain/passwords/common-passwords.ts', import.meta.url));
    expect(gzipSync(source, { level: 9 }).length).toBeLessThan(8 * 1024);
  });
});
