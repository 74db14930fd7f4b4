import type { MailMessage } from '../mail-types.ts';
import { escapeHtml } from '../escape-html.ts';

/** Tells a reseller their deposit was approved (balance credited) or cancelled, with the staff's reason. */
export function renderDepositMail(options: {
  to: string;
  outcome: 'approved' | 'cancelled';
  amount: string;
  note: string;
  balance?: string;
  reason?: string;
}): MailMessage {
  const approved = options.outcome === 'approved';
  const subject = approved
    ? `Your ${options.amount} deposit is in your LabelPort balance`
    : `Your ${options.amount} LabelPort invoice was cancelled`;
  const lines = approved
    ? [
        `We received your payment for invoice ${options.note} and added ${options.amount} to your balance.`,
        `Your balance is now ${options.balance}.`,
      ]
    : [
        `Invoice ${options.note} for ${options.amount} was cancelled and nothing was added to your balance.`,
        `Reason: ${options.reason}`,
        'If you did pay, reply with the receipt and we will sort it out.',
      ];
  const text = [...lines, '', 'LabelPort'].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;line-height:1.5">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p>LabelPort</p>
</body></html>`;
  return { to: options.to, subject, text, html };
}
