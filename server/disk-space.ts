import { existsSync, statfsSync } from 'node:fs';
import { dirname } from 'node:path';

/** Bytes free to the server's user on the file system holding `path`, or undefined when it cannot be told. */
export function freeBytes(path: string): number | undefined {
  try {
    // A directory not made yet will be made on the file system of its nearest parent.
    let existing = path;
    while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
    const { bavail, bsize } = statfsSync(existing);
    return bavail * bsize;
  } catch {
    return undefined;
  }
}

export const megabytes = (bytes: number): number => Math.floor(bytes / 1024 / 1024);

/** Free space in people's words: "1.9 MB free". */
export function describeFreeSpace(path: string): string {
  const free = freeBytes(path);
  return free === undefined ? 'free space unknown' : `${(free / 1024 / 1024).toFixed(1)} MB free`;
}
