/**
 * A Content-Disposition that makes a browser save the file under its stored name
 * (RFC 6266): a plain-ASCII `filename` for old clients, with anything outside
 * printable ASCII and the quote and backslash replaced by '_', and the exact name as
 * UTF-8 in `filename*` (RFC 5987), which current browsers prefer.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

/** Percent-encodes every UTF-8 byte that is not an RFC 5987 attr-char. */
function encodeRfc5987(value: string): string {
  // encodeURIComponent leaves ' ( ) * unencoded, which attr-char does not allow.
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
