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
const MINUTE = 60_000;

describe('the login throttle: the failing client is slowed, never the owner', () => {
  test('an attacker failing about once a minute never keeps the owner from signing in', () => {
    const { throttle, advance } = throttleAt();
    let tries = 0;
    let refused = 0;
    for (let minute = 0; minute < 30; minute += 1) {
      throttle.recordFailure(OWNER, ATTACKER);
      advance(MINUTE / 2);
      if (minute >= 9) {
        tries += 1;
        if (throttle.waitFor(OWNER, HOME) > 0) refused += 1;
        else throttle.recordSuccess(OWNER, HOME);
      }
      advance(MINUTE / 2);
    }
    expect({ tries, refused }).toEqual({ tries: 21, refused: 0 });
  });

  test('the attacker itself meets delays that double up to a minute', () => {
    const { throttle } = throttleAt();
    const waits: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      throttle.recordFailure(OWNER, ATTACKER);
      waits.push(throttle.waitFor(OWNER, ATTACKER));
    }
    expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
    expect(waits.slice(3, 6)).toEqual([1_000, 2_000, 4_000]);
    for (let i = 4; i < waits.length; i += 1) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1]!);
    expect(waits.at(-1)).toBe(MINUTE);
  });

  test('thirty e-mails sprayed from one address meet a limit; others elsewhere are not slowed', () => {
    const { throttle } = throttleAt();
    let refused = 0;
    for (let i = 0; i < 30; i += 1) {
      const email = `person${i}@x.test`;
      if (throttle.waitFor(email, ATTACKER) > 0) refused += 1;
      else throttle.recordFailure(email, ATTACKER);
    }
    expect(refused).toBeGreaterThanOrEqual(15);
    expect(throttle.waitFor(OWNER, HOME)).toBe(0);
  });

  test('behind one shared address, a sprayer does not keep out someone who signed in from it before', () => {
    const { throttle } = throttleAt();
    const PROXY = '10.0.0.1';
    throttle.recordSuccess(OWNER, PROXY);
    for (let i = 0; i < 30; i += 1) throttle.recordFailure(`person${i}@x.test`, PROXY);
    expect(throttle.waitFor('newcomer@x.test', PROXY)).toBeGreaterThan(0);
    expect(throttle.waitFor(OWNER, PROXY)).toBe(0);
  });

  test('guesses spread over many addresses slow new addresses, not the owner at a known one', () => {
    const { throttle } = throttleAt();
    throttle.recordSuccess(OWNER, HOME);
    for (let i = 0; i < 40; i += 1) throttle.recordFailure(OWNER, `192.0.2.${i}`);
    expect(throttle.waitFor(OWNER, '192.0.2.200')).toBeGreaterThan(0);
    expect(throttle.waitFor(OWNER, HOME)).toBe(0);
  });

  test("a successful sign-in clears that client's count; failures are forgotten after fifteen minutes", () => {
    const { throttle, advance } = throttleAt();
    for (let i = 0; i < 6; i += 1) throttle.recordFailure(OWNER, HOME);
    advance(throttle.waitFor(OWNER, HOME));
    throttle.recordSuccess(OWNER, HOME);
    throttle.recordFailure(OWNER, HOME);
    expect(throttle.waitFor(OWNER, HOME)).toBe(0);
    for (let i = 0; i < 9; i += 1) throttle.recordFailure('bob@x.test', '192.0.2.2');
    advance(15 * MINUTE);
    expect(throttle.waitFor('bob@x.test', '192.0.2.2')).toBe(0);
  });
});
