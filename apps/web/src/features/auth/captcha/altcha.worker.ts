import { CAPTCHA_FAILED_MESSAGE, solveAltchaChallenge } from './altcha-solver';

/** Runs the proof of work off the main thread so the form stays responsive while it is solved. */
self.onmessage = async (event: MessageEvent<unknown>) => {
  try {
    self.postMessage({ payload: await solveAltchaChallenge(event.data) });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : CAPTCHA_FAILED_MESSAGE });
  }
};
