import { saveFile } from '../../../lib/save-file';

/**
 * Printing ZPL from the browser: Zebra Browser Print (Zebra's local print service) listens on
 * 127.0.0.1:9100 and takes raw ZPL for its default printer. Without it (or without a printer), the
 * labels are saved as a .zpl file, which any Zebra utility or `lp -o raw` can send.
 */
const BROWSER_PRINT = 'http://127.0.0.1:9100';

type ZebraDevice = {
  name: string;
  uid: string;
  connection: string;
  deviceType: string;
  provider: string;
  manufacturer: string;
};

async function defaultPrinter(): Promise<ZebraDevice | null> {
  try {
    const response = await fetch(`${BROWSER_PRINT}/default?type=printer`, {
      signal: AbortSignal.timeout(1500),
    });
    if (!response.ok) return null;
    const text = await response.text();
    return text ? (JSON.parse(text) as ZebraDevice) : null;
  } catch {
    return null;
  }
}

/** Sends ZPL to the local Zebra printer; returns where it went. */
export async function printZpl(zpl: Blob, fileName: string): Promise<'printer' | 'file'> {
  const device = await defaultPrinter();
  if (device) {
    const response = await fetch(`${BROWSER_PRINT}/write`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ device, data: await zpl.text() }),
    }).catch(() => null);
    if (response?.ok) return 'printer';
  }
  saveFile(zpl, fileName);
  return 'file';
}
