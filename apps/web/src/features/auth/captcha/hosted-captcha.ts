import type { CaptchaProvider } from '@portal/shared';

export type HostedProvider = Exclude<CaptchaProvider, 'altcha'>;

/** The shared surface of Turnstile, hCaptcha and reCAPTCHA (explicit render, invisible execute). */
type HostedApi = {
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

const LOAD_FAILED = 'Could not load the captcha. Check your connection and try again.';
const VERIFY_FAILED = 'Captcha verification failed, please try again';
const TIMEOUT_MS = 120_000;

const loaded = new Map<HostedProvider, Promise<HostedApi>>();

/** Loads the provider's script once, only when the server is configured for it (CSP allows its host). */
function loadProvider(provider: HostedProvider): Promise<HostedApi> {
  const cached = loaded.get(provider);
  if (cached) return cached;
  const { src, global } = SCRIPTS[provider];
  const promise = new Promise<HostedApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onerror = () => {
      loaded.delete(provider);
      reject(new Error(LOAD_FAILED));
    };
    script.onload = () => {
      const startedAt = Date.now();
      const poll = () => {
        const hosted = (window as unknown as Record<string, HostedApi | undefined>)[global];
        if (hosted?.render) return hosted.ready ? hosted.ready(() => resolve(hosted)) : resolve(hosted);
        if (Date.now() - startedAt > 10_000) return reject(new Error(LOAD_FAILED));
        window.setTimeout(poll, 50);
      };
      poll();
    };
    document.head.appendChild(script);
  });
  loaded.set(provider, promise);
  return promise;
}

type Pending = { resolve: (token: string) => void; reject: (error: Error) => void };
type Widget = { id: string | number; pending: Pending | null };
const widgets = new WeakMap<HTMLElement, Widget>();

function renderWidget(hosted: HostedApi, provider: HostedProvider, siteKey: string, container: HTMLElement) {
  const widget: Widget = { id: '', pending: null };
  const settle = (token: string | null) => {
    if (token) widget.pending?.resolve(token);
    else widget.pending?.reject(new Error(VERIFY_FAILED));
    widget.pending = null;
  };
  const callbacks = {
    sitekey: siteKey,
    callback: (token: string) => settle(token),
    'error-callback': () => settle(null),
    'expired-callback': () => settle(null),
  };
  const options =
    provider === 'turnstile'
      ? { ...callbacks, execution: 'execute', appearance: 'interaction-only' }
      : {
          ...callbacks,
          size: 'invisible',
          ...(provider === 'hcaptcha' ? { 'close-callback': () => settle(null) } : {}),
        };
  widget.id = hosted.render(container, options);
  widgets.set(container, widget);
  return widget;
}

/** Runs the invisible challenge and resolves with the provider's one-time response token. */
export async function executeHostedCaptcha(
  provider: HostedProvider,
  siteKey: string,
  container: HTMLElement,
): Promise<string> {
  const hosted = await loadProvider(provider);
  const widget = widgets.get(container) ?? renderWidget(hosted, provider, siteKey, container);
  hosted.reset(widget.id);
  return new Promise<string>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error(VERIFY_FAILED)), TIMEOUT_MS);
    widget.pending = {
      resolve: (token) => (window.clearTimeout(timer), resolve(token)),
      reject: (error) => (window.clearTimeout(timer), reject(error)),
    };
    hosted.execute(widget.id);
  });
}
