import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { BarcodePlacement } from './templates/canvas.ts';
import { LABEL_HEIGHT } from './templates/canvas.ts';

/**
 * Reads a label PDF back the way a scanner would, with poppler (pdftotext, pdftoppm), zbar (1D codes)
 * and zxing-cpp (PDF417 and MaxiCode, decoded on a crop: full pages miss them). Used by the tests.
 */
const run = promisify(execFile);
const DPI = 203; // a thermal label printer's resolution

export const pdfText = async (file: string): Promise<string> =>
  (await run('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' })).stdout;

/** What a scanner returns for a symbol's bwip-js text: GS1 AIs joined with GS (FNC1), parentheses gone. */
export const scannedDataOf = (placement: Pick<BarcodePlacement, 'bcid' | 'text'>): string =>
  placement.bcid === 'gs1-128'
    ? placement.text
        .split('(')
        .filter(Boolean)
        .map((part) => part.replace(')', ''))
        .join('\x1d')
    : placement.text;

export const decodeLinearCodes = async (file: string, outPrefix: string): Promise<string[]> => {
  await run('pdftoppm', ['-r', String(DPI), '-gray', '-png', '-singlefile', file, outPrefix]);
  const { stdout } = await run(
    'zbarimg',
    ['-q', '--raw', '-Sdisable', '-Scode128.enable', `${outPrefix}.png`],
    {
      encoding: 'latin1',
    },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return stdout.split('\n').filter(Boolean);
};

const ZXING_FORMAT: Record<string, string> = { pdf417: 'PDF417', maxicode: 'MaxiCode' };

export const decodeMatrixCode = async (
  file: string,
  placement: BarcodePlacement,
  outPrefix: string,
): Promise<string> => {
  const px = (pt: number): number => Math.round((pt * DPI) / 72);
  const margin = 5;
  const args = ['-r', String(DPI), '-gray', '-png', '-singlefile'];
  args.push(
    '-x',
    String(px(placement.x - margin)),
    '-y',
    String(px(LABEL_HEIGHT - placement.y - placement.height - margin)),
  );
  args.push(
    '-W',
    String(px(placement.width + 2 * margin)),
    '-H',
    String(px(placement.height + 2 * margin)),
    file,
    outPrefix,
  );
  await run('pdftoppm', args);
  const format = ZXING_FORMAT[placement.bcid] ?? placement.bcid;
  const { stdout } = await run('ZXingReader', ['-format', format, '-bytes', `${outPrefix}.png`], {
    encoding: 'latin1',
  });
  return stdout;
};

/** A PNG's size in pixels, from its header. */
export const pngSize = (png: Uint8Array): { width: number; height: number } => {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
};

/**
 * Decodes one symbol of a label image (a PNG at `dpi`): the symbol's layout box, with a margin, is
 * copied onto white with a quiet zone around it and read with zbar (1D) or zxing-cpp (2D).
 */
export const decodeImageSymbol = async (
  png: Uint8Array,
  dpi: number,
  placement: BarcodePlacement,
  outPrefix: string,
): Promise<string> => {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const image = await loadImage(Buffer.from(png));
  const k = dpi / 72;
  const isLinear = placement.bcid === 'code128' || placement.bcid === 'gs1-128';
  const [mx, my] = isLinear ? [14, 3] : [6, 6];
  const sx = Math.max(0, Math.round((placement.x - mx) * k));
  const sy = Math.max(0, Math.round((LABEL_HEIGHT - placement.y - placement.height - my) * k));
  const sw = Math.round((placement.width + 2 * mx) * k);
  const sh = Math.round((placement.height + 2 * my) * k);
  const quiet = Math.round(20 * k);
  const crop = createCanvas(sw + 2 * quiet, sh + 2 * quiet);
  const ctx = crop.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, crop.width, crop.height);
  ctx.drawImage(image, sx, sy, sw, sh, quiet, quiet, sw, sh);
  const file = `${outPrefix}.png`;
  await writeFile(file, await crop.encode('png'));
  if (isLinear) {
    const { stdout } = await run('zbarimg', ['-q', '--raw', '-Sdisable', '-Scode128.enable', file], {
      encoding: 'latin1',
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    return stdout.replace(/\n$/, '');
  }
  const format = ZXING_FORMAT[placement.bcid] ?? placement.bcid;
  return (await run('ZXingReader', ['-format', format, '-bytes', file], { encoding: 'latin1' })).stdout;
};
