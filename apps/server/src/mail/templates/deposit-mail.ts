import type { MailMessage } from '../mail-types.ts';
import { escapeHtml } from '../escape-html.ts';

/**
 * Tells a reseller their deposit was approved (balance credited) or cancelled, with the staff's reason;
 * or, for a hosted payment, that it was taken back (refund, dispute) or given back (a dispute won).
 */
export function renderDepositMail(options: {
  to: string;
  outcome: 'approved' | 'cancelled' | 'reversed' | 'restored';
  amount: string;
  note: string;
  balance?: string;
  reason?: string;
}): MailMessage {
  if (options.outcome === 'reversed' || options.outcome === 'restored') return renderReversal(options);
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
  return layout(options.to, subject, lines);
}

function renderReversal(options: {
  to: string;
  outcome: string;
  amount: string;
  note: string;
  balance?: string;
  reason?: string;
}): MailMessage {
  const reversed = options.outcome === 'reversed';
  const subject = reversed
    ? `${options.amount} was taken back from your LabelPort balance`
    : `${options.amount} is back in your LabelPort balance`;
  const lines = reversed
    ? [
        `The payment for invoice ${options.note} was reversed and ${options.amount} was taken back from your balance.`,
        `Reason: ${options.reason}`,
        `Your balance is now ${options.balance}.`,
        ...(options.balance?.startsWith('-')
          ? ['Until your balance is above zero again you cannot buy labels.']
          : []),
      ]
    : [
        `The dispute over invoice ${options.note} was decided in our favour and ${options.amount} was added back to your balance.`,
        `Your balance is now ${options.balance}.`,
      ];
  return layout(options.to, subject, lines);
}

function layout(to: string, subject: string, lines: string[]): MailMessage {
  const text = [...lines, '', 'LabelPort'].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;line-height:1.5">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p>LabelPort</p>
</body></html>`;
  return { to, subject, text, html };
}
