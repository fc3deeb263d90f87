/**
 * The global search's figure: what a person typing into the search dialog waits
 * for, on the sales floor's tenant (PostgreSQL). The texts are what people look for there:
 * customers, salespersons and users by part of their names, activities and events
 * by subject, and a text that finds nothing; each is asked as it grows while
 * typing (the dialog asks after a pause, so about every other character).
 */
import { answerBytes, answerJson } from './api-load.ts';
import { startCpuAccount } from './cpu-share.ts';
import { atMost, notMeasured, percentile, type Figure } from './figures.ts';
import { BENCH_ADMIN_EMAIL } from './large-tenant.ts';

const TEXTS = ['customer 42', 'company 7', 'person 00042', 'bench admin', 'follow-up 17', 'meeting 3', 'er', 'zzz', 'customer 9', 'pers 4'];
const ROUNDS = 5;
/** The search's budget: the hits appear as the typing pauses, without a felt wait. */
export const SEARCH_P95_BUDGET_MS = 50;

/** The prefixes of a text the dialog asks for as it is typed: from two characters, every other one, and the whole. */
export function typedPrefixes(text: string): string[] {
  const prefixes: string[] = [];
  for (let length = 2; length < text.length; length += 2) prefixes.push(text.slice(0, length));
  prefixes.push(text);
  return [...new Set(prefixes.map((prefix) => prefix.trim()).filter((prefix) => prefix.length >= 2))];
}

/**
 * `headers` sign the searches in as the bench tenant's admin (BENCH_ADMIN_EMAIL); the CPU
 * account counts the cluster listening on `databasePort` beside the server.
 */
export async function searchFigure(server: { baseUrl: string; pid: number }, headers: Record<string, string>, tenantId: number, databasePort?: number): Promise<Figure> {
  const figure = 'global search, one person typing, PostgreSQL: 95th percentile latency';
  try {
    // What the app asks right after signing in, before any screen can open the search: the
    // person's profile. Their first call binds the token's subject to their user (a write),
    // which is the sign-in's cost, not a search's.
    await answerBytes(`${server.baseUrl}/api/auth/email?${new URLSearchParams({ email: BENCH_ADMIN_EMAIL })}`, headers);
    const searches: { text: string; round: number; ms: number }[] = [];
    const account = startCpuAccount([server.pid], databasePort);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const text of TEXTS) {
        for (const prefix of typedPrefixes(text)) {
          const answer = await answerBytes(`${server.baseUrl}/api/search/${tenantId}?${new URLSearchParams({ q: prefix })}`, headers);
          answerJson(answer);
          searches.push({ text: prefix, round: round + 1, ms: answer.lastByteMs });
        }
      }
    }
    const cpu = account();
    const times = searches.map((search) => search.ms);
    // The slowest few, by text and round: the first search after the server starts is the
    // process's cold one, and the table says which they were.
    const slowest = [...searches].sort((a, b) => b.ms - a.ms).slice(0, 3);
    const notes = [
      `${times.length} searches of ${TEXTS.length} texts as typed, a manager (users included); to the last byte`,
      `slowest ${slowest.map((search) => `'${search.text}' (round ${search.round}) ${search.ms.toFixed(0)} ms`).join(', ')}`,
      ...(cpu ? [`server CPU ${((cpu.server * 1000) / times.length).toFixed(1)} ms per search${cpu.database > 0 ? `, PostgreSQL ${((cpu.database * 1000) / times.length).toFixed(1)} ms` : ''}`] : []),
    ];
    return atMost(figure, percentile(times, 0.95), 'ms', SEARCH_P95_BUDGET_MS, notes.join('; '));
  } catch (error) {
    return notMeasured(figure, `≤ ${SEARCH_P95_BUDGET_MS} ms`, (error as Error).message);
  }
}
