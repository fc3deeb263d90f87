/**
 * Slows password guessing without locking anyone out: each e-mail and each client
 * address may fail a few times freely, and after that every further attempt must wait
 * a delay that doubles with each failure, up to a minute. The owner of an attacked
 * account waits seconds, not a minute; one address spraying many e-mails meets the
 * address's own delays. Unknown e-mails count the same, so the delays reveal nothing
 * about which accounts exist. Held in memory: a restart forgets it, which costs an
 * attacker nothing worth having.
 */
export interface ThrottleOptions {
  /** Failures allowed without delay, per e-mail and per client address. */
  freeFailures: { account: number; address: number };
  firstDelayMs: number;
  longestDelayMs: number;
  forgetAfterMs: number;
}

const DEFAULTS: ThrottleOptions = {
  freeFailures: { account: 3, address: 10 },
  firstDelayMs: 1_000,
  longestDelayMs: 60_000,
  forgetAfterMs: 15 * 60_000,
};
// Beyond this many remembered e-mails and addresses, the stale ones are swept.
const SWEEP_ABOVE = 10_000;

interface Failures {
  count: number;
  last: number;
}

export class LoginThrottle {
  private readonly accounts = new Map<string, Failures>();
  private readonly addresses = new Map<string, Failures>();

  constructor(
    private readonly options: ThrottleOptions = DEFAULTS,
    private readonly now: () => number = Date.now,
  ) {}

  /** How many milliseconds this attempt must still wait; 0 when it may be checked now. */
  waitFor(email: string, address: string): number {
    return Math.max(
      this.wait(this.accounts, email, this.options.freeFailures.account),
      this.wait(this.addresses, address, this.options.freeFailures.address),
    );
  }

  recordFailure(email: string, address: string): void {
    this.count(this.accounts, email);
    this.count(this.addresses, address);
  }

  recordSuccess(email: string): void {
    this.accounts.delete(email);
  }

  private wait(failures: Map<string, Failures>, key: string, free: number): number {
    const entry = this.current(failures, key);
    if (!entry || entry.count <= free) return 0;
    const delay = Math.min(this.options.firstDelayMs * 2 ** (entry.count - free - 1), this.options.longestDelayMs);
    return Math.max(entry.last + delay - this.now(), 0);
  }

  private count(failures: Map<string, Failures>, key: string): void {
    failures.set(key, { count: (this.current(failures, key)?.count ?? 0) + 1, last: this.now() });
    if (failures.size > SWEEP_ABOVE) this.forgetOld(failures);
  }

  private current(failures: Map<string, Failures>, key: string): Failures | undefined {
    const entry = failures.get(key);
    return entry && this.now() - entry.last < this.options.forgetAfterMs ? entry : undefined;
  }

  private forgetOld(failures: Map<string, Failures>): void {
    for (const [key, entry] of failures) {
      if (this.now() - entry.last >= this.options.forgetAfterMs) failures.delete(key);
    }
  }
}
