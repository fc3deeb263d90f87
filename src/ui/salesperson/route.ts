/**
 * The salesperson id of /edit-Salesperson/:id, read from the last segment of the
 * path as the spec says; null when that segment is not a positive whole number.
 */
export function salespersonIdFromPath(path: string): number | null {
  const last = path.split('/').filter((segment) => segment !== '').pop() ?? '';
  if (!/^[1-9]\d{0,9}$/.test(last)) return null;
  const id = Number(last);
  return id <= 2_147_483_647 ? id : null;
}
