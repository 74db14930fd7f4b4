import { desc, sql } from 'drizzle-orm';
import type { TeamRole } from '@portal/shared';
import type { App } from '../src/app.ts';
import { mailOutbox } from '../src/db/schema.ts';
import { appCall } from './api-fixtures.ts';
import { signUp } from './helper.ts';
import { uniqueEmail } from './otp-fixtures.ts';
import { resellerOf, type Reseller } from './order-fixtures.ts';

/** Teams in tests (issue 45): invitations read from the mail outbox, members joined through the API. */
export type Member = Reseller & { role: TeamRole; discordId: string; password: string };

/** The token of the newest invitation link mailed to `email` (the outbox keeps mail without SMTP). */
export async function invitationToken(app: App, email: string): Promise<string> {
  const [mail] = await app.ctx.db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.to}) = lower(${email})`)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const match = /token=([\w-]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no invitation mailed to ${email}`);
  return decodeURIComponent(match[1]!);
}

/** Invites `email` as `role` in the owner's team; the invitation's id and the token its mail carries. */
export async function invite(app: App, inviter: Reseller, role: TeamRole, email = uniqueEmail('member')) {
  const res = await appCall(app, inviter.headers, 'POST', '/team/invitations', { email, role });
  if (res.statusCode !== 201) throw new Error(`invite failed: ${res.body}`);
  return { id: res.json().invitation._id as string, email, token: await invitationToken(app, email) };
}

/** A new person, signed up and signed in, who joins the owner's team as `role`. */
export async function addMember(app: App, owner: Reseller, role: TeamRole): Promise<Member> {
  const { token } = await invite(app, owner, role);
  const person = await signUp(app);
  const accepted = await appCall(app, person.headers, 'POST', '/team/invitations/accept', { token });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
  return {
    ...(await resellerOf(app, person.headers)),
    role,
    discordId: person.discordId,
    password: person.password,
  };
}
