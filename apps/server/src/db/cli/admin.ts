import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { discordIdSchema, passwordSchema } from '@portal/shared';
import { loadConfig } from '../../config.ts';
import { assertStrongPassword, hashPassword } from '../../lib/passwords.ts';
import { createSealer, hashToken, randomToken } from '../../lib/tokens.ts';
import { CLI_ACTOR, recordAudit } from '../../modules/audit/audit.service.ts';
import { API_KEY_PREFIX } from '../../modules/auth/auth.service.ts';
import { setUserRole } from '../../modules/admin/set-user-role.ts';
import { hasTwoFactor, resetTwoFactor } from '../../modules/two-factor/two-factor.service.ts';
import { openConfiguredBucket } from '../../files/index.ts';
import { moveFiles } from '../../files/move-files.ts';
import { createMailer } from '../../mail/mailer.ts';
import { findUserByDiscordId, insertUser } from '../../modules/users/users.repository.ts';
import { createDatabase, type Database } from '../client.ts';
import { DataDirInUseError } from '../data-dir-lock.ts';
import { resolveSecret } from '../secrets.ts';

const USAGE = `Staff accounts and stored files of LabelPort

  npm run admin -- create --discord NAME [--password PW] [--name "Display Name"]
  npm run admin -- promote NAME
  npm run admin -- demote NAME
  npm run admin -- reset-2fa NAME    # a lost authenticator: they set up a new one at their next sign-in
  npm run admin -- move-files --to s3|db [--batch 200]   # stored files to the S3_BUCKET or back; resumable

On the embedded database the server must be stopped; with DATABASE_URL it may run.`;

class UsageError extends Error {}

async function createStaff(database: Database, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { discord: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  const discordId = discordIdSchema.safeParse(values.discord);
  if (!discordId.success) throw new UsageError(`--discord: ${discordId.error.issues[0]?.message}`);
  const generated = values.password === undefined;
  const password = values.password ?? crypto.randomBytes(12).toString('base64url');
  const checked = passwordSchema.safeParse(password);
  if (!checked.success) throw new UsageError(`--password: ${checked.error.issues[0]?.message}`);
  await assertStrongPassword(password, { discordName: discordId.data, name: values.name }).catch(
    (error: Error) => {
      throw new UsageError(`--password: ${error.message}`);
    },
  );
  const config = loadConfig();
  const sealer = createSealer(await resolveSecret(database.db, 'api_key_seal_key', config.appSecret));
  const apiKey = randomToken(API_KEY_PREFIX);
  await database.db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      username: values.name ?? discordId.data,
      discordId: discordId.data,
      role: 'admin',
      passwordHash: await hashPassword(password),
      apiKeyHash: hashToken(apiKey),
      apiKeyCipher: sealer.seal(apiKey),
    });
    if (!user) throw new UsageError(`The Discord Name ${discordId.data} is already taken`);
    await recordAudit(tx, {
      actor: CLI_ACTOR,
      action: 'user.create_staff',
      targetType: 'user',
      targetId: user.id,
      after: { discordId: user.discordId, role: 'admin' },
    });
  });
  console.log(`Staff account created. Discord Name: ${discordId.data}`);
  if (generated) console.log(`Password (shown once): ${password}`);
}

async function changeRole(database: Database, name: string | undefined, role: 'admin' | 'user') {
  if (!name) throw new UsageError('Which Discord Name?');
  const user = await findUserByDiscordId(database.db, name);
  if (!user) throw new UsageError(`No account has the Discord Name ${name}`);
  await setUserRole(database, { actor: CLI_ACTOR, userId: user.id, role });
  console.log(`${user.discordId} is now ${role === 'admin' ? 'staff (admin)' : 'a reseller (user)'}`);
}

async function resetSecondFactor(database: Database, name: string | undefined) {
  if (!name) throw new UsageError('Which Discord Name?');
  const user = await findUserByDiscordId(database.db, name);
  if (!user) throw new UsageError(`No account has the Discord Name ${name}`);
  if (!hasTwoFactor(user)) throw new UsageError(`${user.discordId} has no second factor to reset`);
  const config = loadConfig();
  // The command line prints what it does; the mailer's own lines (mail sent, kept in the outbox) stay quiet.
  const quiet = {
    info: () => {},
    error: (fields: unknown, message: string) => console.error(message, fields),
  };
  const log = quiet as unknown as FastifyBaseLogger;
  const mailer = createMailer(config, database.db, log);
  try {
    await resetTwoFactor({ db: database.db, mailer, log }, user.id);
  } finally {
    await mailer.close();
  }
  console.log(`The second factor of ${user.discordId} is reset; they set up a new one at their next sign-in`);
}

/** Moves every stored file's bytes to the bucket of the S3_ settings or back (decision 335). */
async function moveStoredFiles(database: Database, args: string[]) {
  const { values } = parseArgs({ args, options: { to: { type: 'string' }, batch: { type: 'string' } } });
  if (values.to !== 's3' && values.to !== 'db') throw new UsageError('--to s3 or --to db');
  const batchSize = Number(values.batch ?? 200);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 5000)
    throw new UsageError('--batch: a number of files from 1 to 5000');
  const config = loadConfig();
  if (!config.files.s3) throw new UsageError('Set S3_BUCKET and the other S3_ settings of the bucket first');
  const bucket = await openConfiguredBucket(config);
  try {
    const done = await moveFiles({
      db: database.db,
      bucket,
      to: values.to,
      batchSize,
      onProgress: ({ moved, total }) =>
        console.log(`moved ${moved} of ${total} files (${total ? Math.floor((moved / total) * 100) : 100}%)`),
    });
    const where = values.to === 's3' ? `the bucket ${config.files.s3.bucket}` : 'the database';
    console.log(`Done: ${done.moved} files moved to ${where}.`);
    if (done.missing > 0)
      console.log(`${done.missing} files had no object in the bucket and were left as they are.`);
    console.log(`Start the servers with FILE_STORE=${values.to}.`);
  } finally {
    bucket.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || !['create', 'promote', 'demote', 'reset-2fa', 'move-files'].includes(command)) {
    console.log(USAGE);
    return command ? 2 : 0;
  }
  const config = loadConfig();
  let database: Database;
  try {
    database = await createDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: 2,
      sharedBuffers: config.pgliteSharedBuffers,
    });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      return 3;
    }
    throw error;
  }
  try {
    await database.migrate();
    if (command === 'create') await createStaff(database, rest);
    else if (command === 'reset-2fa') await resetSecondFactor(database, rest[0]);
    else if (command === 'move-files') await moveStoredFiles(database, rest);
    else await changeRole(database, rest[0], command === 'promote' ? 'admin' : 'user');
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (error instanceof Error && error.name === 'AppError')) {
      console.error(error.message);
      return 2;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
