import { describe, expect, test } from 'vitest';
import { LoginThrottle } from '../../server/oidc/throttle.ts';

function throttleAt(start = 0) {
  let now = start;
  const throttle = new LoginThrottle({ maxFailures: 5, lockMs: 60_000, forgetAfterMs: 15 * 60_000 }, () => now);
  return { throttle, advance: (ms: number) => (now += ms) };
}

const failTimes = (throttle: LoginThrottle, email: string, times: number) => {
  for (let i = 0; i < times; i += 1) throttle.recordFailure(email);
};

describe('the login throttle', () => {
  test('four wrong passwords do not lock; the fifth locks that email for a minute', () => {
    const { throttle, advance } = throttleAt();
    failTimes(throttle, 'ada@x.test', 4);
    expect(throttle.isLocked('ada@x.test')).toBe(false);
    throttle.recordFailure('ada@x.test');
    expect(throttle.isLocked('ada@x.test')).toBe(true);
    advance(59_999);
    expect(throttle.isLocked('ada@x.test')).toBe(true);
    advance(1);
    expect(throttle.isLocked('ada@x.test')).toBe(false);
  });

  test('one more wrong password after the lock ends locks again at once', () => {
    const { throttle, advance } = throttleAt();
    failTimes(throttle, 'ada@x.test', 5);
    advance(60_000);
    throttle.recordFailure('ada@x.test');
    expect(throttle.isLocked('ada@x.test')).toBe(true);
  });

  test('failures older than fifteen minutes are forgotten', () => {
    const { throttle, advance } = throttleAt();
    failTimes(throttle, 'ada@x.test', 4);
    advance(15 * 60_000);
    throttle.recordFailure('ada@x.test');
    expect(throttle.isLocked('ada@x.test')).toBe(false);
  });

  test('a successful sign-in clears the count, and other emails are not affected', () => {
    const { throttle } = throttleAt();
    failTimes(throttle, 'ada@x.test', 4);
    throttle.recordSuccess('ada@x.test');
    throttle.recordFailure('ada@x.test');
    expect(throttle.isLocked('ada@x.test')).toBe(false);
    failTimes(throttle, 'bob@x.test', 5);
    expect(throttle.isLocked('bob@x.test')).toBe(true);
    expect(throttle.isLocked('ada@x.test')).toBe(false);
  });
});
