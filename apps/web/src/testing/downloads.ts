import { vi } from 'vitest';

/**
 * Catches the files the page saves: the object URLs it makes and the hidden links it clicks (jsdom
 * cannot download). `clicks[i].download` is the file name the browser would save.
 */
export function captureDownloads(objectUrl = 'blob:x') {
  const createObjectURL = vi.fn(() => objectUrl);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  const clicks: HTMLAnchorElement[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push(this);
  });
  return { clicks, createObjectURL };
}
