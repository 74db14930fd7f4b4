export type MailMessage = { to: string; subject: string; text: string; html: string };

/** Sends mail; an adapter so services neither know nor care whether SMTP or the outbox delivers it. */
export type Mailer = {
  kind: 'smtp' | 'outbox';
  send: (message: MailMessage) => Promise<void>;
  close: () => Promise<void>;
};

/** One-time codes are six digits; the mail log staff read never shows them. */
export const maskCodes = (text: string): string => text.replace(/\b\d{6}\b/g, '••••••');
