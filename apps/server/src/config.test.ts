import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_SECRET_REQUIRED, ConfigError, envSchema, loadConfig } from './config.ts';

/** A deployment's settings carry APP_SECRET (decision 311); these tests are about something else. */
const SECRET = { APP_SECRET: 'a-secret-of-at-least-16-characters' };

describe('loadConfig', () => {
  it('refuses to start a deployment without APP_SECRET, and says how to make one', () => {
    for (const env of [{ NODE_ENV: 'production' }, { DATABASE_URL: 'postgres://u@h/db' }]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrowError(ConfigError);
      expect(() => loadConfig(env)).toThrowError(APP_SECRET_REQUIRED);
      expect(loadConfig({ ...env, ...SECRET }).appSecret).toBe(SECRET.APP_SECRET);
    }
    expect(APP_SECRET_REQUIRED).toContain('openssl rand -hex 32');
    // `npm start` and the tests: the embedded database outside production keeps the generated key.
    expect(loadConfig({}).appSecret).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).appSecret).toBeUndefined();
  });

  it('starts with zero configuration on the embedded database with the demo account', () => {
    const config = loadConfig({});
    expect(config.port).toBe(7400);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.seedDemo).toBe(true);
    expect(config.captcha.provider).toBe('altcha');
  });

  it('keeps files in the database unless FILE_STORE=s3, and checks the S3_ settings with clear errors (decision 335)', () => {
    expect(loadConfig({}).files).toEqual({ store: 'db', s3: null, presignDownloads: false });
    const s3 = {
      FILE_STORE: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'labelport-files',
      S3_ACCESS_KEY_ID: 'labelport',
      S3_SECRET_ACCESS_KEY: 'a-secret',
      S3_FORCE_PATH_STYLE: '1',
    };
    expect(loadConfig(s3).files).toEqual({
      store: 's3',
      s3: {
        endpoint: 'http://minio:9000',
        bucket: 'labelport-files',
        region: 'us-east-1',
        credentials: { accessKeyId: 'labelport', secretAccessKey: 'a-secret' },
        forcePathStyle: true,
      },
      presignDownloads: false,
    });
    const refused: Array<[Record<string, string>, string]> = [
      [{ FILE_STORE: 's3' }, 'S3_BUCKET is required with FILE_STORE=s3'],
      [{ FILE_STORE: 'disk' }, 'FILE_STORE'],
      [{ ...s3, S3_BUCKET: 'ab' }, 'A bucket name is 3 to 63 lowercase letters'],
      [{ ...s3, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT: Use the http(s) URL of the S3-compatible server'],
      [{ ...s3, S3_SECRET_ACCESS_KEY: '' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together'],
      [{ S3_PRESIGN_DOWNLOADS: '1' }, 'S3_PRESIGN_DOWNLOADS=1 needs FILE_STORE=s3'],
    ];
    for (const [env, message] of refused) expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
    // The bucket may be set on the database store, for `admin move-files --to s3`.
    expect(loadConfig({ ...s3, FILE_STORE: 'db' }).files).toMatchObject({
      store: 'db',
      s3: { bucket: 'labelport-files' },
    });
  });

  it('does not seed the demo account on PostgreSQL unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', ...SECRET }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: '1', ...SECRET }).seedDemo).toBe(true);
  });

  it('does not seed the demo accounts under NODE_ENV=production unless asked, even on the embedded database', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...SECRET }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1', ...SECRET }).seedDemo).toBe(true);
  });

  it('refuses private webhook targets unless ALLOW_PRIVATE_WEBHOOK_TARGETS says otherwise, whatever NODE_ENV', () => {
    for (const NODE_ENV of ['development', 'test', 'production'])
      expect(loadConfig({ NODE_ENV, ...SECRET }).webhooks.blockPrivateTargets, NODE_ENV).toBe(true);
    expect(loadConfig({ ALLOW_PRIVATE_WEBHOOK_TARGETS: '1' }).webhooks.blockPrivateTargets).toBe(false);
  });

  it('keeps one render thread warm at rest, never more than the threads there are', () => {
    expect(loadConfig({ LABEL_RENDER_THREADS: '4' }).labelJobs).toMatchObject({
      renderThreads: 4,
      warmRenderThreads: 1,
    });
    const config = (env: Record<string, string>) => loadConfig(env).labelJobs.warmRenderThreads;
    expect(config({ LABEL_RENDER_THREADS: '4', LABEL_RENDER_WARM_THREADS: '2' })).toBe(2);
    expect(config({ LABEL_RENDER_THREADS: '2', LABEL_RENDER_WARM_THREADS: '8' })).toBe(2);
    expect(() => config({ LABEL_RENDER_WARM_THREADS: '0' })).toThrow('LABEL_RENDER_WARM_THREADS');
  });

  it('names every bad setting in one readable error', () => {
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrowError(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('LOG_LEVEL');
    }
  });

  it('requires keys for a hosted captcha', () => {
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'turnstile' })).toThrowError(
      /CAPTCHA_SITE_KEY and CAPTCHA_SECRET/,
    );
    const config = loadConfig({
      CAPTCHA_PROVIDER: 'hcaptcha',
      CAPTCHA_SITE_KEY: 'site',
      CAPTCHA_SECRET: 'secret',
    });
    expect(config.captcha).toMatchObject({ provider: 'hcaptcha', siteKey: 'site', secret: 'secret' });
  });

  it('lets the Vite dev server call the API in development only', () => {
    expect(loadConfig({}).corsOrigins).toEqual(['http://localhost:5173', 'http://127.0.0.1:5173']);
    expect(loadConfig({ NODE_ENV: 'production', ...SECRET }).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example' }).corsOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });

  it('keeps ./data where npm was started, not inside the server workspace', () => {
    expect(loadConfig({ INIT_CWD: '/srv/labelport' }).dataDir).toBe('/srv/labelport/data');
    expect(loadConfig({ INIT_CWD: '/srv/labelport', DATA_DIR: '/var/lib/lp' }).dataDir).toBe('/var/lib/lp');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(7400);
  });

  it('has every setting listed in .env.example, and nothing there that it does not read', () => {
    const example = fs.readFileSync(path.resolve(import.meta.dirname, '../../../.env.example'), 'utf8');
    const listed = [...example.matchAll(/^# ([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect(new Set(listed)).toEqual(new Set(Object.keys(envSchema.shape)));
  });
});
