/** Hands a file to the browser's download manager under `fileName` (downloads carry a bearer header, so no plain link). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Let the browser start the download before the object URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
