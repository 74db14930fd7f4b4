import { PassThrough } from 'node:stream';
import type { AppContext } from '../../context.ts';

/**
 * Label files read per query. The embedded database answers on the event loop, so one read is one step
 * between turns (5 files: a few ms, the same cost a file as 10 or 50 at once, which held it for 50 ms+).
 */
export const FILES_PER_READ = 5;

/**
 * Starts a merged or zipped label download once one of the download slots is free (503 when too many
 * wait: decision 160): `write` fills the returned stream, and the slot is freed when the stream closes,
 * sent or abandoned. A failure ends the download instead of hanging it.
 */
export async function startLabelDownload(
  ctx: AppContext,
  what: string,
  write: (out: PassThrough) => Promise<unknown>,
): Promise<PassThrough> {
  const release = await ctx.labelDownloads.acquire();
  const out = new PassThrough();
  out.once('close', release);
  write(out).catch((err: unknown) => {
    if (!out.destroyed) ctx.log.error({ err }, `${what} failed`);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
