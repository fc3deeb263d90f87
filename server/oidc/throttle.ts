/**
 * Slows password guessing: after a few wrong passwords for one email, that email
 * is refused for a while without its password being checked. Unknown emails count
 * the same, so the lock reveals nothing about which accounts exist. Kept in memory:
 * a restart forgets it, which costs an attacker nothing worth having.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; last: number }>();

  constructor(
    private readonly options = { maxFailures: 5, lockMs: 60_000, forgetAfterMs: 15 * 60_000 },
    private readonly now: () => number = Date.now,
  ) {}

  isLocked(email: string): boolean {
    const entry = this.current(email);
    return entry !== undefined && entry.count >= this.options.maxFailures && this.now() - entry.last < this.options.lockMs;
  }

  recordFailure(email: string): void {
    const count = (this.current(email)?.count ?? 0) + 1;
    this.failures.set(email, { count, last: this.now() });
    if (this.failures.size > 10_000) this.forgetOld();
  }

  recordSuccess(email: string): void {
    this.failures.delete(email);
  }

  private current(email: string) {
    const entry = this.failures.get(email);
    return entry && this.now() - entry.last < this.options.forgetAfterMs ? entry : undefined;
  }

  private forgetOld(): void {
    for (const [email, entry] of this.failures) {
      if (this.now() - entry.last >= this.options.forgetAfterMs) this.failures.delete(email);
    }
  }
}
