/**
 * The record id of an /edit-…/:id address, read from the last segment of the
 * path as the spec says for Edit Salesperson; null when that segment is not a
 * positive whole number that fits the database's integer ids.
 */
export function recordIdFromPath(path: string): number | null {
  const last = path.split('/').filter((segment) => segment !== '').pop() ?? '';
  if (!/^[1-9]\d{0,9}$/.test(last)) return null;
  const id = Number(last);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * The record an add or edit address is about: null on the add route, the id on an
 * /edit-…/:id address, undefined when the address names no record (the fallback page).
 */
export function editedRecordOf(path: string, addRoute: string): number | null | undefined {
  if (path === addRoute) return null;
  return recordIdFromPath(path) ?? undefined;
}
