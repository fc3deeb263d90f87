import { expect, test, vi } from 'vitest';

// Each argon2id hash or check holds its memory cost while it runs; a burst of sign-ins on
// libuv's pool would hold one per thread at once, the server's peak memory under load.
const inFlight = vi.hoisted(() => ({ now: 0, most: 0 }));

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  const counted =
    <Args extends unknown[], Result>(work: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      inFlight.now += 1;
      inFlight.most = Math.max(inFlight.most, inFlight.now);
      try {
        return await work(...args);
      } finally {
        inFlight.now -= 1;
      }
    };
  return { ...real, hash: counted(real.hash), verify: counted(real.verify) };
});

const { hashPassword, verifyPassword } = await import('../../server/accounts/passwords.ts');

test('hashes and checks asked for at once run one at a time, each with its own answer, a failing one included', async () => {
  const [first, second] = await Promise.all([hashPassword('first password'), hashPassword('second password')]);
  const checks = await Promise.all([
    verifyPassword(first, 'first password'),
    verifyPassword(first, 'second password'),
    verifyPassword('not a hash at all', 'first password'),
    verifyPassword(second, 'second password'),
    verifyPassword(second, 'first password'),
    hashPassword('third password').then((third) => verifyPassword(third, 'third password')),
  ]);
  expect(checks).toEqual([true, false, false, true, false, true]);
  expect(inFlight.most).toBe(1);
  expect(inFlight.now).toBe(0);
});
