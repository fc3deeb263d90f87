/**
 * Slows password guessing without handing anyone a way to lock the owner out. The
 * client that fails is slowed, not the account: each (e-mail, address) pair and each
 * address may fail a few times freely, and after that every further attempt from it must
 * wait a delay that doubles with each failure, up to a minute. An account's own count
 * never refuses the owner: it counts the distinct addresses failing on it, and slows
 * only addresses that have not signed in to it before, so a guesser spread over many
 * addresses meets a delay while the owner at a known address does not. An address that
 * signed in to an account also passes its address's delay for that account, so one
 * sprayer behind a shared address (a proxy without TRUST_PROXY) does not keep out the
 * people who already use it. Unknown e-mails count the same, so the delays reveal
 * nothing about which accounts exist. Held in memory: a restart forgets it, which costs
 * an attacker nothing worth having.
 */
export interface ThrottleOptions {
  /**
   * Failures allowed without delay: per e-mail from one address, per address over all
   * e-mails, and per e-mail in distinct failing addresses.
   */
  freeFailures: { pair: number; address: number; accountAddresses: number };
  firstDelayMs: number;
  longestDelayMs: number;
  forgetAfterMs: number;
  /** How long an address that signed in to an account stays known to it. */
  rememberSignInMs: number;
}

const DEFAULTS: ThrottleOptions = {
  freeFailures: { pair: 3, address: 10, accountAddresses: 10 },
  firstDelayMs: 1_000,
  longestDelayMs: 60_000,
  forgetAfterMs: 15 * 60_000,
  rememberSignInMs: 7 * 24 * 60 * 60_000,
};
// Beyond this many remembered keys in one map, the stale ones are swept.
const SWEEP_ABOVE = 10_000;

interface Failures {
  count: number;
  last: number;
}

export class LoginThrottle {
  private readonly pairs = new Map<string, Failures>();
  private readonly addresses = new Map<string, Failures>();
  private readonly accounts = new Map<string, Failures>();
  private readonly signedIn = new Map<string, number>();

  constructor(
    private readonly options: ThrottleOptions = DEFAULTS,
    private readonly now: () => number = Date.now,
  ) {}

  /** How many milliseconds this attempt must still wait; 0 when it may be checked now. */
  waitFor(email: string, address: string): number {
    const pair = pairKey(email, address);
    const { freeFailures } = this.options;
    const pairWait = this.wait(this.pairs, pair, freeFailures.pair);
    if (this.knownSignIn(pair)) return pairWait;
    return Math.max(
      pairWait,
      this.wait(this.addresses, address, freeFailures.address),
      this.wait(this.accounts, email, freeFailures.accountAddresses),
    );
  }

  recordFailure(email: string, address: string): void {
    const pair = pairKey(email, address);
    const firstFromAddress = !this.current(this.pairs, pair);
    this.count(this.pairs, pair);
    this.count(this.addresses, address);
    if (firstFromAddress) this.count(this.accounts, email);
  }

  recordSuccess(email: string, address: string): void {
    const pair = pairKey(email, address);
    this.pairs.delete(pair);
    this.signedIn.set(pair, this.now());
    if (this.signedIn.size > SWEEP_ABOVE) this.forgetOldSignIns();
  }

  private knownSignIn(pair: string): boolean {
    const at = this.signedIn.get(pair);
    return at !== undefined && this.now() - at < this.options.rememberSignInMs;
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

  private forgetOldSignIns(): void {
    for (const [key, at] of this.signedIn) {
      if (this.now() - at >= this.options.rememberSignInMs) this.signedIn.delete(key);
    }
  }
}

// A newline cannot appear in an e-mail the form accepts, so the pair's key is unambiguous.
function pairKey(email: string, address: string): string {
  return `${email}\n${address}`;
}
