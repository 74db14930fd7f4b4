import { Alert, Box, Loader } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type {} from 'altcha/types/react';
import { API_BASE_URL } from '../../../lib/api-base';
import { useCaptchaConfig } from '../../../lib/captcha-config';
import { renderHostedWidget } from './hosted-widget';

type VisibleCaptchaProps = {
  /** The single-use captchaToken once the check passes; null while unsolved or after it lapses. */
  onToken: (token: string | null) => void;
};

/**
 * The visible bot-check of /forgot, /reset and /verify (DESIGN.md 5): the ALTCHA checkbox by default, or the
 * configured hosted provider's widget. Remount it (change its `key`) after each submission: tokens work once.
 */
export function VisibleCaptcha({ onToken }: VisibleCaptchaProps) {
  const captcha = useCaptchaConfig();
  if (captcha.status === 'pending') return <Loader size="sm" mx="auto" aria-label="Loading captcha" />;
  if (captcha.status === 'error')
    return <Alert color="red">Could not load the captcha. Reload the page to try again.</Alert>;
  if (captcha.config.provider === 'altcha') return <AltchaCheckbox onToken={onToken} />;
  const { provider, siteKey } = captcha.config;
  return <HostedCheckbox provider={provider} siteKey={siteKey ?? ''} onToken={onToken} />;
}

type AltchaElement = HTMLElement & { reset?: () => void };

function AltchaCheckbox({ onToken }: VisibleCaptchaProps) {
  const ref = useRef<AltchaElement>(null);
  const [isDefined, setIsDefined] = useState(() => Boolean(customElements.get('altcha-widget')));

  // The widget is loaded on these screens only, so Sign-In stays light.
  useEffect(() => {
    let isCurrent = true;
    void import('altcha').then(() => isCurrent && setIsDefined(true));
    return () => {
      isCurrent = false;
    };
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element || !isDefined) return;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onToken(state === 'verified' && payload ? payload : null);
    };
    element.addEventListener('statechange', onStateChange);
    return () => element.removeEventListener('statechange', onStateChange);
  }, [isDefined, onToken]);

  return (
    <Box data-testid="visible-captcha">
      <altcha-widget
        ref={ref}
        challenge={`${API_BASE_URL}/auth/captcha`}
        type="checkbox"
        auto="off"
        style={{ display: 'block', '--altcha-max-width': '100%' }}
      />
    </Box>
  );
}

function HostedCheckbox({
  provider,
  siteKey,
  onToken,
}: VisibleCaptchaProps & { provider: Parameters<typeof renderHostedWidget>[0]; siteKey: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    renderHostedWidget(provider, siteKey, container, onToken).catch((e: Error) => setError(e.message));
    return () => container.replaceChildren();
  }, [provider, siteKey, onToken]);
  return (
    <>
      {error && <Alert color="red">{error}</Alert>}
      <Box ref={ref} data-testid="visible-captcha" style={{ display: 'flex', justifyContent: 'center' }} />
    </>
  );
}
