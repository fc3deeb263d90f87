import { describe, expect, test } from 'vitest';
import { LoginThrottle } from '../../server/oidc/throttle.ts';

function throttleAt(start = 0) {
  let now = start;
  const throttle = new LoginThrottle(undefined, () => now);
  return { throttle, advance: (ms: number) => (now += ms) };
}

const OWNER = 'ada@x.test';
const HOME = '198.51.100.7';
const ATTACKER = '203.0.113.9';

describe('the login throttle: growing delays per account and per address, no lockout', () => {
  test('issue 19: five wrong passwords do not lock the real owner out for a minute', () => {
    const { throttle, advance } = throttleAt();
    for (let i = 0; i < 5; i += 1) throttle.recordFailure(OWNER, ATTACKER);
    const wait = throttle.waitFor(OWNER, HOME);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(5_000);
    advance(wait);
    expect(throttle.waitFor(OWNER, HOME)).toBe(0);
  });

  test('the delays grow with every further wrong password, up to a ceiling', () => {
    const { throttle } = throttleAt();
    const waits: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      throttle.recordFailure(OWNER, `192.0.2.${i}`);
      waits.push(throttle.waitFor(OWNER, HOME));
    }
    expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
    for (let i = 4; i < waits.length; i += 1) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1]!);
    expect(waits.at(-1)).toBe(60_000);
  });

  test('issue 19: thirty e-mails sprayed from one address meet a limit', () => {
    const { throttle } = throttleAt();
    let refused = 0;
    for (let i = 0; i < 30; i += 1) {
      const email = `person${i}@x.test`;
      if (throttle.waitFor(email, ATTACKER) > 0) refused += 1;
      else throttle.recordFailure(email, ATTACKER);
    }
    expect(refused).toBeGreaterThanOrEqual(15);
    // Someone else, elsewhere, is not slowed by it.
    expect(throttle.waitFor(OWNER, HOME)).toBe(0);
  });

  test("a successful sign-in clears the account's count; failures are forgotten after fifteen minutes", () => {
    const { throttle, advance } = throttleAt();
    for (let i = 0; i < 6; i += 1) throttle.recordFailure(OWNER, HOME);
    advance(throttle.waitFor(OWNER, HOME));
    throttle.recordSuccess(OWNER);
    throttle.recordFailure(OWNER, '192.0.2.1');
    expect(throttle.waitFor(OWNER, '192.0.2.1')).toBe(0);
    for (let i = 0; i < 9; i += 1) throttle.recordFailure('bob@x.test', '192.0.2.2');
    advance(15 * 60_000);
    expect(throttle.waitFor('bob@x.test', '192.0.2.2')).toBe(0);
  });
});
