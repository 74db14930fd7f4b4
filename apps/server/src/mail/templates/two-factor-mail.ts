import type { MailMessage } from '../mail-types.ts';
import { escapeHtml } from '../escape-html.ts';

export type TwoFactorEvent =
  'enabled' | 'disabled' | 'reset' | 'recovery_code_used' | 'recovery_codes_regenerated';

const EVENTS: Record<TwoFactorEvent, { subject: string; line: string }> = {
  enabled: {
    subject: 'Two-factor sign-in is now on for your LabelPort account',
    line: 'Two-factor sign-in was turned on: signing in now also needs a code from your authenticator app.',
  },
  disabled: {
    subject: 'Two-factor sign-in was turned off for your LabelPort account',
    line: 'Two-factor sign-in was turned off: signing in now needs only your password.',
  },
  reset: {
    subject: 'Your LabelPort second factor was reset by staff',
    line: 'An operator reset the two-factor sign-in of your account; set it up again at your next sign-in.',
  },
  recovery_code_used: {
    subject: 'A recovery code was used to sign in to LabelPort',
    line: 'Someone signed in to your account with one of your recovery codes.',
  },
  recovery_codes_regenerated: {
    subject: 'New recovery codes were made for your LabelPort account',
    line: 'New recovery codes were made for your account; the ones you had before no longer work.',
  },
};

/** Tells the account owner of a change to their second factor, with where it came from. */
export function renderTwoFactorMail(options: {
  to: string;
  event: TwoFactorEvent;
  ip: string | null;
  recoveryCodesLeft?: number;
}): MailMessage {
  const { subject, line } = EVENTS[options.event];
  const lines = [
    line,
    ...(options.recoveryCodesLeft === undefined
      ? []
      : [`Recovery codes left: ${options.recoveryCodesLeft}.`]),
    ...(options.ip ? [`The request came from the address ${options.ip}.`] : []),
    'If this was not you, reset your password at once and contact support.',
  ];
  const text = [...lines, '', 'LabelPort'].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;line-height:1.5">
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p>LabelPort</p>
</body></html>`;
  return { to: options.to, subject, text, html };
}
