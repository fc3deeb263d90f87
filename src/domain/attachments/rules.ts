/**
 * What an e-mail attachment may be, shared by the app (which refuses before sending)
 * and the reference server (which refuses whatever reaches it anyway).
 */

/** 5 MB: the largest file kept, in bytes. */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
export const FILE_TOO_LARGE_MESSAGE = 'The file is larger than 5 MB.';
export const MAX_FILE_NAME_LENGTH = 255;
export const MAX_NOTE_LENGTH = 500;

/** Characters of standard padded base64 that `bytes` bytes take. */
export function base64Length(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}

/** The longest base64 text of a file that is not too large: 6,990,508 characters. */
export const MAX_ATTACHMENT_BASE64_LENGTH = base64Length(MAX_ATTACHMENT_BYTES);

// C0 and C1 controls and DEL (Cc), lone surrogates (Cs), and the bidirectional
// overrides and isolates that make 'invoice‮fdp.exe' read as 'invoiceexe.pdf'.
const UNSAFE_CHARACTER = /[\p{Cc}\p{Cs}\u202a-\u202e\u2066-\u2069]/u;

/** The first thing wrong with a file name, or null: a bare name, safe in a header and on disk. */
export function fileNameProblem(name: string): string | null {
  if (name.trim() === '') return 'File name is required.';
  if (name.length > MAX_FILE_NAME_LENGTH) return `File name must be at most ${MAX_FILE_NAME_LENGTH} characters long.`;
  if (name.includes('/') || name.includes('\\') || UNSAFE_CHARACTER.test(name)) {
    return 'File name must not contain / or \\ or control characters.';
  }
  if (name === '.' || name === '..') return 'File name must name a file, not . or ..';
  return null;
}

export function noteProblem(note: string): string | null {
  return note.length > MAX_NOTE_LENGTH ? `Note must be at most ${MAX_NOTE_LENGTH} characters long.` : null;
}

/** The first reason a chosen file cannot be uploaded, or null. */
export function uploadProblem(file: { name: string; size: number }, note: string): string | null {
  if (file.size > MAX_ATTACHMENT_BYTES) return FILE_TOO_LARGE_MESSAGE;
  if (file.size === 0) return 'The file is empty.';
  return fileNameProblem(file.name) ?? noteProblem(note);
}
