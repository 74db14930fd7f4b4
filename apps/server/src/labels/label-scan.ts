import { execFile } from 'node:child_process';
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
export const scannedDataOf = (p: Pick<BarcodePlacement, 'bcid' | 'text'>): string =>
  p.bcid === 'gs1-128'
    ? p.text
        .split('(')
        .filter(Boolean)
        .map((part) => part.replace(')', ''))
        .join('\x1d')
    : p.text;

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
  p: BarcodePlacement,
  outPrefix: string,
): Promise<string> => {
  const px = (pt: number): number => Math.round((pt * DPI) / 72);
  const margin = 5;
  const args = ['-r', String(DPI), '-gray', '-png', '-singlefile'];
  args.push('-x', String(px(p.x - margin)), '-y', String(px(LABEL_HEIGHT - p.y - p.height - margin)));
  args.push('-W', String(px(p.width + 2 * margin)), '-H', String(px(p.height + 2 * margin)), file, outPrefix);
  await run('pdftoppm', args);
  const format = ZXING_FORMAT[p.bcid] ?? p.bcid;
  const { stdout } = await run('ZXingReader', ['-format', format, '-bytes', `${outPrefix}.png`], {
    encoding: 'latin1',
  });
  return stdout;
};
