/**
 * The browser's side of files, kept out of the machine: reading a chosen file for
 * the upload, and saving downloaded bytes as a file.
 */

/** The file's bytes as standard base64 (the data URL's payload, without its prefix). */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/**
 * Offers bytes for saving under a name. The Blob is typed application/octet-stream,
 * whatever the file claims to be, so the browser never renders it.
 */
export function saveBytes(fileName: string, bytes: ArrayBuffer): void {
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or the download could find no blob.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
