/**
 * Whether an error from embedded PGlite means its storage failed: a full disk, an I/O
 * error, damaged pages, or PostgreSQL's own panic. Such a database cannot be trusted to
 * go on in this process; the server ends so that its supervisor starts it afresh, and
 * PostgreSQL's recovery replays what was committed.
 */
export function isStorageFault(error: unknown): boolean {
  if (error instanceof WebAssembly.RuntimeError) return true;
  if (!(error instanceof Error)) return false;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  if (severity === 'PANIC') return true;
  return typeof code === 'string' && (STORAGE_CODES.has(code) || code.startsWith(SYSTEM_ERROR_CLASS));
}

/** disk_full, data_corrupted, index_corrupted, and the file system's own words for a full or failing disk. */
const STORAGE_CODES = new Set(['53100', 'XX001', 'XX002', 'ENOSPC', 'EIO', 'EDQUOT', 'EROFS']);
/** SQLSTATE class 58, system error (io_error and kin). */
const SYSTEM_ERROR_CLASS = '58';
