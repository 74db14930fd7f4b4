import { loadHostedCaptcha, type HostedProvider } from '../../../lib/hosted-captcha-script';

export type { HostedProvider };

/** Renders the provider's visible checkbox into `container`; `onToken` gets each response or null when it lapses. */
export async function renderHostedWidget(
  provider: HostedProvider,
  siteKey: string,
  container: HTMLElement,
  onToken: (token: string | null) => void,
): Promise<void> {
  const hosted = await loadHostedCaptcha(provider);
  hosted.render(container, {
    sitekey: siteKey,
    callback: (token: string) => onToken(token),
    'expired-callback': () => onToken(null),
    'error-callback': () => onToken(null),
  });
}
