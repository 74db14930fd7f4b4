type WorkerReply = { payload?: string; error?: string };

const solveInPage = async (challenge: unknown): Promise<string> => {
  const { solveAltchaChallenge } = await import('./altcha-solver');
  return solveAltchaChallenge(challenge);
};

/** Solves in a module worker when the browser has one; in the page otherwise (same result, just blocking). */
export function solveAltcha(challenge: unknown): Promise<string> {
  if (typeof Worker === 'undefined') return solveInPage(challenge);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./altcha.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      worker.terminate();
      if (event.data.payload) resolve(event.data.payload);
      else reject(new Error(event.data.error));
    };
    worker.onerror = (event) => {
      // A worker that cannot start (old browser, blocked script) must not block sign-in.
      event.preventDefault();
      worker.terminate();
      solveInPage(challenge).then(resolve, reject);
    };
    worker.postMessage(challenge);
  });
}
