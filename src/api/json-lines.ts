/**
 * Reads an answer of JSON lines (application/x-ndjson) as they arrive, handing each
 * parsed line on: how a long call (a CSV import) tells its progress.
 */
export async function readJsonLines(body: ReadableStream<Uint8Array>, onLine: (value: unknown) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    pending += decoder.decode(value, { stream: true });
    let end = pending.indexOf('\n');
    while (end >= 0) {
      const line = pending.slice(0, end).trim();
      if (line !== '') onLine(JSON.parse(line));
      pending = pending.slice(end + 1);
      end = pending.indexOf('\n');
    }
  }
  if (pending.trim() !== '') onLine(JSON.parse(pending));
}
