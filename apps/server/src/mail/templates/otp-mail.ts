import type { MailMessage } from '../mailer.ts';
import { escapeHtml } from '../escape-html.ts';

export type OtpPurpose = 'reset_password' | 'verify_email';

const PURPOSE_TEXT: Record<OtpPurpose, { subject: string; intro: string; ignore: string }> = {
  reset_password: {
    subject: 'Your LabelPort password reset code',
    intro: 'Use this code to reset the password of your LabelPort account:',
    ignore: 'If you did not ask to reset your password, ignore this e-mail: your password stays as it is.',
  },
  verify_email: {
    subject: 'Verify your e-mail address for LabelPort',
    intro: 'Use this code to verify this e-mail address for your LabelPort account:',
    ignore: 'If you did not add this address to a LabelPort account, ignore this e-mail.',
  },
};

const formatUtc = (date: Date): string => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Plain-text and HTML versions of a one-time code mail: what it is for and when it expires. */
export function renderOtpMail(options: {
  to: string;
  purpose: OtpPurpose;
  code: string;
  expiresAt: Date;
  lifetimeMinutes: number;
}): MailMessage {
  const { subject, intro, ignore } = PURPOSE_TEXT[options.purpose];
  const expiry = `The code expires in ${options.lifetimeMinutes} minutes (at ${formatUtc(options.expiresAt)}) and works once.`;
  const text = [intro, '', `    ${options.code}`, '', expiry, ignore, '', 'LabelPort'].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;line-height:1.5">
<p>${escapeHtml(intro)}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:'Courier New',monospace">${escapeHtml(options.code)}</p>
<p>${escapeHtml(expiry)}</p>
<p style="color:#5c5f66">${escapeHtml(ignore)}</p>
<p>LabelPort</p>
</body></html>`;
  return { to: options.to, subject, text, html };
}
