import {
  RECOVERY_CODE_COUNT,
  type RegenerateRecoveryCodesBody,
  type TwoFactorDisableBody,
  type TwoFactorStatus,
} from '@portal/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { Mailer } from '../../mail/mail-types.ts';
import { renderTwoFactorMail, type TwoFactorEvent } from '../../mail/templates/two-factor-mail.ts';
import { CLI_ACTOR, recordAudit, type StaffActor } from '../audit/audit.service.ts';
import {
  beginLoginAttempt,
  failLoginAttempt,
  succeedLoginAttempt,
} from '../login-throttle/login-throttle.service.ts';
import {
  claimTotpStep,
  clearSecret,
  enableSecret,
  findUserById,
  setPendingSecret,
  type UserRow,
} from '../users/users.service.ts';
import {
  hashRecoveryCode,
  legacyRecoveryCodeHash,
  matchTotpStep,
  newRecoveryCode,
  newTotpSecret,
  normalizeCode,
} from './totp.ts';
import {
  countUnusedRecoveryCodes,
  deleteUserChallenges,
  deleteUserDevices,
  replaceRecoveryCodes,
  useRecoveryCode,
} from './two-factor.repository.ts';

/** Ending an account's sessions forgets the devices that skipped the code and ends pending sign-ins. */
export { deleteUserChallenges, deleteUserDevices } from './two-factor.repository.ts';
/** Housekeeping's purge of unanswered challenges and expired devices. */
export { deleteExpiredTwoFactorRows } from './two-factor.repository.ts';

export const hasTwoFactor = (user: Pick<UserRow, 'twoFactorEnabledAt'>): boolean =>
  user.twoFactorEnabledAt !== null;

/** Staff must sign in with a second factor; resellers choose. */
export const isTwoFactorRequired = (user: Pick<UserRow, 'role'>): boolean => user.role === 'admin';

const wrongCode = () => new AppError('BAD_REQUEST', 'Invalid code, please try again');

export async function getTwoFactorStatus(ctx: AppContext, user: UserRow): Promise<TwoFactorStatus> {
  return {
    enabled: hasTwoFactor(user),
    recoveryCodesLeft: hasTwoFactor(user) ? await countUnusedRecoveryCodes(ctx.db, user.id) : 0,
    isRequired: isTwoFactorRequired(user),
  };
}

/** A new secret for the authenticator app, kept aside until `enableTwoFactor` proves the app has it. */
export async function startTwoFactorSetup(ctx: AppContext, user: UserRow) {
  if (hasTwoFactor(user)) throw new AppError('CONFLICT', 'Two-factor sign-in is already on');
  const setup = newTotpSecret(user.discordId);
  await setPendingSecret(ctx.db, user.id, ctx.sealer.seal(setup.secret));
  return setup;
}

/**
 * Turns the second factor on with a first code from the app (wrong codes throttled like passwords);
 * returns the recovery codes, shown this once and kept only as hashes.
 */
export async function enableTwoFactor(
  ctx: AppContext,
  user: UserRow,
  code: string,
  meta: RequestMeta,
): Promise<string[]> {
  if (hasTwoFactor(user)) throw new AppError('CONFLICT', 'Two-factor sign-in is already on');
  if (!user.twoFactorPendingCipher) {
    throw new AppError('BAD_REQUEST', 'Start the setup again: scan a new QR code first');
  }
  const attempt = await beginLoginAttempt(ctx.db, user.discordId, meta.ip);
  const pendingCipher = user.twoFactorPendingCipher;
  const step = matchTotpStep(ctx.sealer.open(pendingCipher), code);
  if (step === null) throw failLoginAttempt(attempt) ?? wrongCode();
  await succeedLoginAttempt(ctx.db, attempt);
  const recoveryCodes = newRecoveryCodes();
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    if (!(await enableSecret(tx, user.id, { cipher: pendingCipher, step, now }))) {
      throw new AppError('CONFLICT', 'Two-factor sign-in is already on');
    }
    await replaceRecoveryCodes(tx, user.id, hashedCodes(ctx, user.id, recoveryCodes));
    await recordAudit(tx, {
      actor: { userId: user.id, ...meta },
      action: 'two_factor.enable',
      targetType: 'user',
      targetId: user.id,
      after: { twoFactor: true, recoveryCodes: RECOVERY_CODE_COUNT },
    });
  });
  ctx.identities.forget(user.id);
  mailOwner(ctx, user, 'enabled', meta.ip);
  return recoveryCodes;
}

const newRecoveryCodes = (): string[] => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
const hashedCodes = (ctx: Pick<AppContext, 'sealer'>, userId: string, codes: string[]): string[] =>
  codes.map((code) => hashRecoveryCode(ctx.sealer.sign, userId, code));

/**
 * New recovery codes for an account with a second factor, the old ones dying at once: needs the password
 * and a current code (or a recovery code), throttled as one. Returns the codes, shown this once.
 */
export async function regenerateRecoveryCodes(
  ctx: AppContext,
  user: UserRow,
  input: RegenerateRecoveryCodesBody,
  meta: RequestMeta,
): Promise<string[]> {
  if (!hasTwoFactor(user)) throw new AppError('BAD_REQUEST', 'Two-factor sign-in is not on');
  await checkPasswordAndCode(ctx, user, input, meta);
  const recoveryCodes = newRecoveryCodes();
  await ctx.db.transaction(async (tx) => {
    await replaceRecoveryCodes(tx, user.id, hashedCodes(ctx, user.id, recoveryCodes));
    await recordAudit(tx, {
      actor: { userId: user.id, ...meta },
      action: 'two_factor.recovery_codes_regenerated',
      targetType: 'user',
      targetId: user.id,
      after: { recoveryCodes: RECOVERY_CODE_COUNT },
    });
  });
  mailOwner(ctx, user, 'recovery_codes_regenerated', meta.ip);
  return recoveryCodes;
}

/** The password and a second-factor code, both right, or the answer that says which was wrong. */
async function checkPasswordAndCode(
  ctx: AppContext,
  user: UserRow,
  input: { password: string; code: string },
  meta: RequestMeta,
): Promise<void> {
  const attempt = await beginLoginAttempt(ctx.db, user.discordId, meta.ip, { isSecondFactor: true });
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw failLoginAttempt(attempt) ?? new AppError('BAD_REQUEST', 'Password is incorrect');
  }
  if (!(await verifySecondFactor(ctx, user, input.code))) throw failLoginAttempt(attempt) ?? wrongCode();
  await succeedLoginAttempt(ctx.db, attempt);
}

/**
 * Checks a TOTP code (each time step accepted once, so a seen code cannot be replayed) or a recovery
 * code (each usable once). Returns which one matched, or null.
 */
export async function verifySecondFactor(
  ctx: Pick<AppContext, 'db' | 'sealer'>,
  user: UserRow,
  code: string,
): Promise<'totp' | 'recovery' | null> {
  if (!user.twoFactorSecretCipher) return null;
  const typed = normalizeCode(code);
  if (/^\d{6}$/.test(typed)) {
    const step = matchTotpStep(ctx.sealer.open(user.twoFactorSecretCipher), typed);
    return step !== null && (await claimTotpStep(ctx.db, user.id, step)) ? 'totp' : null;
  }
  // A code issued before decision 311 is still found by its plain SHA-256, once.
  const hashes = [hashRecoveryCode(ctx.sealer.sign, user.id, typed), legacyRecoveryCodeHash(user.id, typed)];
  const isUsed = await useRecoveryCode(ctx.db, user.id, hashes, new Date());
  return isUsed ? 'recovery' : null;
}

/** Turns the second factor off: needs the password and a code (or a recovery code), throttled as one. */
export async function disableTwoFactor(
  ctx: AppContext,
  user: UserRow,
  input: TwoFactorDisableBody,
  meta: RequestMeta,
): Promise<void> {
  if (!hasTwoFactor(user)) throw new AppError('BAD_REQUEST', 'Two-factor sign-in is not on');
  await checkPasswordAndCode(ctx, user, input, meta);
  await removeSecondFactor(ctx.db, {
    user,
    actor: { userId: user.id, ...meta },
    action: 'two_factor.disable',
  });
  ctx.identities.forget(user.id);
  mailOwner(ctx, user, 'disabled', meta.ip);
}

async function removeSecondFactor(
  db: Db,
  options: { user: UserRow; actor: StaffActor | typeof CLI_ACTOR; action: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await clearSecret(tx, options.user.id);
    await replaceRecoveryCodes(tx, options.user.id, []);
    await deleteUserDevices(tx, options.user.id);
    await deleteUserChallenges(tx, options.user.id);
    await recordAudit(tx, {
      actor: options.actor,
      action: options.action,
      targetType: 'user',
      targetId: options.user.id,
      before: { twoFactor: hasTwoFactor(options.user) },
      after: { twoFactor: false },
    });
  });
}

/**
 * The operator's reset (`npm run admin -- reset-2fa NAME`) for staff who lost their authenticator: the
 * second factor, its recovery codes and remembered devices go; staff enrol again at their next sign-in.
 */
export async function resetTwoFactor(
  deps: { db: Db; mailer: Mailer; log: Pick<FastifyBaseLogger, 'error'> },
  userId: string,
): Promise<UserRow> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw AppError.notFound('No such account');
  await removeSecondFactor(deps.db, { user, actor: CLI_ACTOR, action: 'two_factor.reset' });
  await sendOwnerMail(deps, user, 'reset', null);
  return user;
}

/** A recovery code signed someone in: audited, and the owner is told how many are left. */
export async function recordRecoveryCodeUse(ctx: AppContext, user: UserRow, meta: RequestMeta) {
  await ctx.db.transaction(async (tx) =>
    recordAudit(tx, {
      actor: { userId: user.id, ...meta },
      action: 'two_factor.recovery_code_used',
      targetType: 'user',
      targetId: user.id,
    }),
  );
  const left = await countUnusedRecoveryCodes(ctx.db, user.id);
  mailOwner(ctx, user, 'recovery_code_used', meta.ip, left);
}

function mailOwner(ctx: AppContext, user: UserRow, event: TwoFactorEvent, ip: string | null, left?: number) {
  // After the reply: a slow mail server does not hold up the change, and a failure is logged.
  void sendOwnerMail(ctx, user, event, ip, left);
}

async function sendOwnerMail(
  deps: { mailer: Mailer; log: Pick<FastifyBaseLogger, 'error'> },
  user: UserRow,
  event: TwoFactorEvent,
  ip: string | null,
  recoveryCodesLeft?: number,
): Promise<void> {
  if (!user.email || !user.emailVerified) return;
  try {
    await deps.mailer.send(renderTwoFactorMail({ to: user.email, event, ip, recoveryCodesLeft }));
  } catch (err) {
    deps.log.error({ err }, 'the two-factor notice could not be sent');
  }
}
