import crypto from 'node:crypto';
import { DEFAULT_VOID_WINDOW_DAYS, LABEL_TYPE_SEED, dollarsToCents, weightUnitOf } from '@portal/shared';
import type { PasswordVerdict } from '@portal/shared/password-strength';
import { count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Sealer } from '../lib/tokens.ts';
import { hashToken, randomToken } from '../lib/tokens.ts';
import { hashPassword } from '../lib/passwords.ts';
import { checkPasswordInThread } from '../lib/password-checker.ts';
import { postLedgerEntry } from '../modules/ledger/ledger.service.ts';
import { findUserByDiscordId } from '../modules/users/users.repository.ts';
import type { Db, Tx } from './client.ts';
import { labelTypePrices, labelTypes, users } from './schema.ts';

export const DEMO_DISCORD_ID = 'demo';
export const DEMO_ADMIN_DISCORD_ID = 'admin';
export const DEMO_BALANCE_CENTS = 100_000;

/** Adds the label types the spec names (with their price tiers) that are not in the database yet. */
export async function seedLabelTypes(db: Db): Promise<number> {
  let added = 0;
  for (const [index, def] of LABEL_TYPE_SEED.entries()) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(labelTypes)
        .values({
          uid: def.uid,
          name: def.name,
          carrier: def.carrier,
          service: def.service,
          weightUnit: weightUnitOf(def.uid),
          maxWeight: def.maxWeight,
          voidWindowDays: DEFAULT_VOID_WINDOW_DAYS[def.carrier],
          sortOrder: index,
        })
        .onConflictDoNothing({ target: labelTypes.uid })
        .returning({ id: labelTypes.id });
      if (!row) return;
      await tx.insert(labelTypePrices).values(
        def.prices.map((p) => ({
          labelTypeId: row.id,
          fromWeight: p.fromWeight,
          toWeight: p.toWeight,
          priceCents: dollarsToCents(p.price),
        })),
      );
      added += 1;
    });
  }
  return added;
}

const demoVerdicts = new Map<string, Promise<PasswordVerdict>>();
const verdictKey = (discordName: string, password: string) => `${discordName}\0${password}`;

/**
 * Starts judging the chosen demo passwords in the password thread, so the check (zxcvbn reading its word
 * lists) runs beside the database's start instead of after it (decision 225). The seed waits for a verdict
 * only when it creates that account; a restart that finds the accounts never asks.
 */
export function precheckDemoPasswords(config: {
  demoPassword: string | undefined;
  demoAdminPassword: string | undefined;
}): void {
  const chosen = [
    [DEMO_DISCORD_ID, config.demoPassword],
    [DEMO_ADMIN_DISCORD_ID, config.demoAdminPassword],
  ] as const;
  for (const [discordName, password] of chosen) {
    if (password === undefined) continue;
    const verdict = checkPasswordInThread(password, { discordName });
    verdict.catch(() => {}); // Unused when the account exists; a seed that uses it sees the failure.
    demoVerdicts.set(verdictKey(discordName, password), verdict);
  }
}

/** A chosen demo password meets the rule every account's password meets (the generated ones do). */
async function assertConfiguredPassword(name: string, password: string | undefined, discordName: string) {
  if (password === undefined) return;
  const verdict = await (demoVerdicts.get(verdictKey(discordName, password)) ??
    checkPasswordInThread(password, { discordName }));
  if (!verdict.ok) throw new Error(`${name}: ${verdict.message}`);
}

/** A demo account: who it is, the setting that may choose its password, and what it is given once made. */
type DemoAccount = {
  discordId: string;
  username: string;
  role?: 'admin';
  /** The setting that may choose its password, named when the chosen one is refused. */
  setting: string;
  /** What the log calls it when it is created. */
  called: string;
  /** What the account is given in the transaction that makes it. */
  give?: (tx: Tx, userId: string) => Promise<unknown>;
};

/** Makes a demo account unless it exists; its password is printed once, when it is created. */
async function seedDemoAccount(
  db: Db,
  sealer: Sealer,
  log: FastifyBaseLogger,
  configuredPassword: string | undefined,
  account: DemoAccount,
): Promise<void> {
  if (await findUserByDiscordId(db, account.discordId)) return;
  await assertConfiguredPassword(account.setting, configuredPassword, account.discordId);
  const password = configuredPassword ?? crypto.randomBytes(9).toString('base64url');
  const apiKey = randomToken('lp_');
  const created = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        username: account.username,
        discordId: account.discordId,
        ...(account.role ? { role: account.role } : {}),
        passwordHash: await hashPassword(password),
        apiKeyHash: hashToken(apiKey),
        apiKeyCipher: sealer.seal(apiKey),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (user) await account.give?.(tx, user.id);
    return user !== undefined;
  });
  if (!created) return;
  const shown = configuredPassword ? `(from ${account.setting})` : password;
  log.info(`${account.called} created. Discord Name: ${account.discordId}  Password: ${shown}`);
}

/** The seeding of one demo account, as start-up calls it. */
const demoSeed =
  (account: DemoAccount) =>
  (db: Db, sealer: Sealer, log: FastifyBaseLogger, configuredPassword: string | undefined): Promise<void> =>
    seedDemoAccount(db, sealer, log, configuredPassword, account);

/** The demo reseller with a $1,000.00 test balance; its password is printed once, when it is created. */
export const seedDemoUser = demoSeed({
  discordId: DEMO_DISCORD_ID,
  username: 'Demo Reseller',
  setting: 'DEMO_PASSWORD',
  called: 'Demo account',
  give: (tx, userId) =>
    postLedgerEntry(tx, {
      userId,
      kind: 'adjustment',
      amountCents: DEMO_BALANCE_CENTS,
      sourceKey: `seed:demo-balance:${userId}`,
      note: 'Demo test balance',
    }),
});

/** The demo staff account, so a newcomer sees the console; its password is printed once, when created. */
export const seedDemoAdmin = demoSeed({
  discordId: DEMO_ADMIN_DISCORD_ID,
  username: 'Demo Staff',
  role: 'admin',
  setting: 'DEMO_ADMIN_PASSWORD',
  called: 'Demo staff account',
});

export async function countLabelTypes(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(labelTypes).where(eq(labelTypes.isEnabled, true));
  return row?.n ?? 0;
}
