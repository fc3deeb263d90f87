const UNITS = ['KB', 'MB', 'GB'] as const;

/**
 * A size as people read it in a file list: bytes below a kilobyte, else one decimal
 * in binary units (1 KB = 1024 bytes), the decimal dropped when it is zero:
 * '512 B', '1.5 KB', '5 MB'.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  // Rounding can carry 1023.96 KB up to '1024 KB': move to the next unit first.
  while (Math.round(value * 10) / 10 >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)} ${UNITS[unit]}`;
}
