import type { CaptchaProvider } from '@portal/shared';

export type HostedProvider = Exclude<CaptchaProvider, 'altcha'>;

type HostedApi = { render: (container: HTMLElement, options: Record<string, unknown>) => string | number };

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

const loaded = new Map<HostedProvider, Promise<HostedApi>>();

/** Loads the provider's script once (the server's CSP admits its host only when it is configured). */
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
      reject(new Error('Could not load the captcha. Check your connection and try again.'));
    };
    script.onload = () => {
      const poll = () => {
        const hosted = (window as unknown as Record<string, HostedApi | undefined>)[global];
        if (hosted?.render) resolve(hosted);
        else window.setTimeout(poll, 50);
      };
      poll();
    };
    document.head.appendChild(script);
  });
  loaded.set(provider, promise);
  return promise;
}

/** Renders the provider's visible checkbox into `container`; `onToken` gets each response or null when it lapses. */
export async function renderHostedWidget(
  provider: HostedProvider,
  siteKey: string,
  container: HTMLElement,
  onToken: (token: string | null) => void,
): Promise<void> {
  const hosted = await loadProvider(provider);
  hosted.render(container, {
    sitekey: siteKey,
    callback: (token: string) => onToken(token),
    'expired-callback': () => onToken(null),
    'error-callback': () => onToken(null),
  });
}
