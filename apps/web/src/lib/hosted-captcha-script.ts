import type { CaptchaProvider } from '@portal/shared';

/** One loader for the hosted captchas (Turnstile, hCaptcha, reCAPTCHA) that sign-in and recovery show. */
export type HostedProvider = Exclude<CaptchaProvider, 'altcha'>;

/** The shared surface of Turnstile, hCaptcha and reCAPTCHA (explicit render, invisible execute). */
export type HostedApi = {
  render: (container: HTMLElement, options: Record<string, unknown>) => string | number;
  execute: (widgetId: string | number) => void;
  reset: (widgetId: string | number) => void;
  ready?: (callback: () => void) => void;
};

const SCRIPTS: Record<HostedProvider, { src: string; global: string }> = {
  turnstile: {
    src: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    global: 'turnstile',
  },
  hcaptcha: {
    src: 'https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off',
    global: 'hcaptcha',
  },
  recaptcha: { src: 'https://www.google.com/recaptcha/api.js?render=explicit', global: 'grecaptcha' },
};

/** A script that loads but never sets up its global (blocked, broken) fails here instead of hanging. */
const LOAD_TIMEOUT_MS = 10_000;
const LOAD_FAILED = 'Could not load the captcha. Check your connection and try again.';

const loaded = new Map<HostedProvider, Promise<HostedApi>>();

/** Loads the provider's script once, only when the server is configured for it (CSP allows its host). */
export function loadHostedCaptcha(provider: HostedProvider): Promise<HostedApi> {
  const cached = loaded.get(provider);
  if (cached) return cached;
  const { src, global } = SCRIPTS[provider];
  const promise = new Promise<HostedApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    // A failed load is forgotten, so the next attempt adds the script again instead of failing at once.
    const fail = () => {
      loaded.delete(provider);
      script.remove();
      reject(new Error(LOAD_FAILED));
    };
    script.onerror = fail;
    script.onload = () => {
      const startedAt = Date.now();
      const poll = () => {
        const hosted = (window as unknown as Record<string, HostedApi | undefined>)[global];
        if (hosted?.render) return hosted.ready ? hosted.ready(() => resolve(hosted)) : resolve(hosted);
        if (Date.now() - startedAt > LOAD_TIMEOUT_MS) return fail();
        window.setTimeout(poll, 50);
      };
      poll();
    };
    document.head.appendChild(script);
  });
  loaded.set(provider, promise);
  return promise;
}
