/**
 * Whether an error means the database could not be reached or the connection was cut
 * (a PostgreSQL restart, a network fault), as opposed to a statement the database refused.
 * Such a failure is the database's, not the request's: the app is told to try again.
 */
export function isConnectionLoss(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SHUTDOWN_CODES.has(code) || code.startsWith(CONNECTION_EXCEPTION_CLASS) || SOCKET_CODES.has(code))) return true;
  return CUT_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** admin_shutdown, crash_shutdown, cannot_connect_now: the server is stopping or starting. */
const SHUTDOWN_CODES = new Set(['57P01', '57P02', '57P03']);
/** SQLSTATE class 08, connection exception. */
const CONNECTION_EXCEPTION_CLASS = '08';
/** What Node's sockets say when the server is gone or the network between is. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres words a cut connection as a plain Error, without a code. */
const CUT_MESSAGES = [/^Connection terminated/, /^Client has encountered a connection error/, /^Client was closed and is not queryable/, /timeout exceeded when trying to connect/];

/**
 * A statement that only reads may be sent again when its connection was lost: running
 * it twice changes nothing. Anything else might have committed before the cut.
 */
export function isReadOnly(sql: string): boolean {
  return /^\s*select\b/i.test(sql) && !/\b(insert|update|delete|for\s+(update|share|no\s+key\s+update|key\s+share))\b|nextval\s*\(/i.test(sql);
}
