import { loadHostedCaptcha, type HostedApi, type HostedProvider } from '../../../lib/hosted-captcha-script';

export type { HostedProvider };

const VERIFY_FAILED = 'Captcha verification failed, please try again';
const TIMEOUT_MS = 120_000;

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
  const hosted = await loadHostedCaptcha(provider);
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
