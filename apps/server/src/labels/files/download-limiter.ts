import { AppError } from '../../errors.ts';
import { createSemaphore } from '../../lib/semaphore.ts';

export const DOWNLOADS_BUSY =
  'Too many label downloads are being prepared right now. Please try again in a minute.';

/** Frees a download's place (once; later calls do nothing): when its file has been sent or the client left. */
export type ReleaseDownload = () => void;

export type DownloadLimiter = {
  /**
   * Resolves when the download may start, at once or after waiting its turn; refuses with 503 and
   * Retry-After when the queue is full.
   */
  acquire(): Promise<ReleaseDownload>;
};

/**
 * One rule for every merged or zipped label download (bulk PDF, bulk zip, Download selected, API v2):
 * at most `atOnce` are prepared at a time, `waiting` more queue in arrival order, the rest are refused.
 * Each download reads and parses thousands of label files on the event loop, in slices (decision 160);
 * this bounds the CPU and memory they take together, whatever the number of callers.
 */
export function createDownloadLimiter({
  atOnce,
  waiting,
}: {
  atOnce: number;
  waiting: number;
}): DownloadLimiter {
  const semaphore = createSemaphore();
  return {
    acquire() {
      if (semaphore.running >= atOnce && semaphore.waiting >= waiting) {
        return Promise.reject(
          new AppError('UNAVAILABLE', DOWNLOADS_BUSY, { headers: { 'retry-after': '60' } }),
        );
      }
      return new Promise<ReleaseDownload>((started) => {
        // The place is held from the start until the download releases it, not just while `run` is called.
        void semaphore.run(atOnce, () => new Promise<void>((release) => started(() => release())));
      });
    },
  };
}
