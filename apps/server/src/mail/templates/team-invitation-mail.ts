import type { MailMessage } from '../mail-types.ts';
import { escapeHtml } from '../escape-html.ts';

/** Invites someone to a reseller's team: who invites, with which role, the link and when it expires. */
export function renderTeamInvitationMail(options: {
  to: string;
  teamName: string;
  inviterName: string;
  role: string;
  link: string;
  expiresAt: Date;
}): MailMessage {
  const expires = `${options.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const subject = `${options.inviterName} invites you to the ${options.teamName} team on LabelPort`;
  const intro = `${options.inviterName} invites you to join the ${options.teamName} team on LabelPort as ${options.role}.`;
  const how = 'Open the link, then sign in or create an account, to join:';
  const ends = `The link works once and expires at ${expires}. If you did not expect it, ignore this e-mail.`;
  const text = [intro, '', how, options.link, '', ends, '', 'LabelPort'].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;line-height:1.5">
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(how)}<br><a href="${escapeHtml(options.link)}">${escapeHtml(options.link)}</a></p>
<p>${escapeHtml(ends)}</p>
<p>LabelPort</p>
</body></html>`;
  return { to: options.to, subject, text, html };
}
