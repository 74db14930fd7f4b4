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
import type { Db } from './client.ts';
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

/** The demo reseller with a $1,000.00 test balance; its password is printed once, when it is created. */
export async function seedDemoUser(
  db: Db,
  sealer: Sealer,
  log: FastifyBaseLogger,
  configuredPassword: string | undefined,
): Promise<void> {
  if (await findUserByDiscordId(db, DEMO_DISCORD_ID)) return;
  await assertConfiguredPassword('DEMO_PASSWORD', configuredPassword, DEMO_DISCORD_ID);
  const password = configuredPassword ?? crypto.randomBytes(9).toString('base64url');
  const apiKey = randomToken('lp_');
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        username: 'Demo Reseller',
        discordId: DEMO_DISCORD_ID,
        passwordHash: await hashPassword(password),
        apiKeyHash: hashToken(apiKey),
        apiKeyCipher: sealer.seal(apiKey),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) return;
    await postLedgerEntry(tx, {
      userId: user.id,
      kind: 'adjustment',
      amountCents: DEMO_BALANCE_CENTS,
      sourceKey: `seed:demo-balance:${user.id}`,
      note: 'Demo test balance',
    });
  });
  const shown = configuredPassword ? '(from DEMO_PASSWORD)' : password;
  log.info(`Demo account created. Discord Name: ${DEMO_DISCORD_ID}  Password: ${shown}`);
}

/** The demo staff account, so a newcomer sees the console; its password is printed once, when created. */
export async function seedDemoAdmin(
  db: Db,
  sealer: Sealer,
  log: FastifyBaseLogger,
  configuredPassword: string | undefined,
): Promise<void> {
  if (await findUserByDiscordId(db, DEMO_ADMIN_DISCORD_ID)) return;
  await assertConfiguredPassword('DEMO_ADMIN_PASSWORD', configuredPassword, DEMO_ADMIN_DISCORD_ID);
  const password = configuredPassword ?? crypto.randomBytes(9).toString('base64url');
  const apiKey = randomToken('lp_');
  const [user] = await db
    .insert(users)
    .values({
      username: 'Demo Staff',
      discordId: DEMO_ADMIN_DISCORD_ID,
      role: 'admin',
      passwordHash: await hashPassword(password),
      apiKeyHash: hashToken(apiKey),
      apiKeyCipher: sealer.seal(apiKey),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!user) return;
  const shown = configuredPassword ? '(from DEMO_ADMIN_PASSWORD)' : password;
  log.info(`Demo staff account created. Discord Name: ${DEMO_ADMIN_DISCORD_ID}  Password: ${shown}`);
}

export async function countLabelTypes(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(labelTypes).where(eq(labelTypes.isEnabled, true));
  return row?.n ?? 0;
}
