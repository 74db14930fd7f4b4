import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadHostedCaptcha, type HostedApi } from './hosted-captcha-script';

const scriptsOf = (host: string) =>
  [...document.head.querySelectorAll<HTMLScriptElement>('script')].filter(
    (s) => new URL(s.src).host === host,
  );
const fire = (host: string, type: 'load' | 'error') => scriptsOf(host).at(-1)?.dispatchEvent(new Event(type));
const fakeTurnstile: HostedApi = { render: () => 'w1', execute: () => {}, reset: () => {} };
const globals = window as unknown as Record<string, unknown>;

describe('loadHostedCaptcha', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    delete globals.turnstile;
    delete globals.hcaptcha;
    document.head.querySelectorAll('script').forEach((script) => script.remove());
  });

  it('adds the script once and resolves when its global appears', async () => {
    const first = loadHostedCaptcha('turnstile');
    const second = loadHostedCaptcha('turnstile');
    expect(scriptsOf('challenges.cloudflare.com')).toHaveLength(1);
    fire('challenges.cloudflare.com', 'load');
    globals.turnstile = fakeTurnstile;
    await vi.advanceTimersByTimeAsync(100);
    await expect(first).resolves.toBe(fakeTurnstile);
    expect(second).toBe(first);
  });

  it('fails with a clear message when the script loads but never sets up, and a retry loads it again', async () => {
    const attempt = loadHostedCaptcha('hcaptcha');
    const rejected = expect(attempt).rejects.toThrow(
      'Could not load the captcha. Check your connection and try again.',
    );
    fire('js.hcaptcha.com', 'load');
    await vi.advanceTimersByTimeAsync(9_000);
    await vi.advanceTimersByTimeAsync(1_100);
    await rejected;
    expect(scriptsOf('js.hcaptcha.com')).toHaveLength(0);

    const retry = loadHostedCaptcha('hcaptcha');
    expect(retry).not.toBe(attempt);
    expect(scriptsOf('js.hcaptcha.com')).toHaveLength(1);
    fire('js.hcaptcha.com', 'load');
    globals.hcaptcha = fakeTurnstile;
    await vi.advanceTimersByTimeAsync(100);
    await expect(retry).resolves.toBe(fakeTurnstile);
  });

  it('fails at once when the script cannot be fetched', async () => {
    const attempt = loadHostedCaptcha('recaptcha');
    fire('www.google.com', 'error');
    await expect(attempt).rejects.toThrow('Could not load the captcha');
    expect(scriptsOf('www.google.com')).toHaveLength(0);
  });
});
