import crypto from 'node:crypto';

/** 256-bit random secret, URL-safe. */
export const randomToken = (prefix = ''): string => prefix + crypto.randomBytes(32).toString('base64url');

/** Tokens and API keys are looked up by their SHA-256; the database never holds a usable credential. */
export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

/** AES-256-GCM so the app can show a reseller their API key while the database holds only ciphertext. */
export function createSealer(secret: string) {
  const key = crypto.createHash('sha256').update(secret).digest();
  const signingKey = crypto.createHash('sha256').update(`sign:${secret}`).digest();
  return {
    /** HMAC-SHA256 of `text` under a key derived from the same secret (signed cookies). */
    sign(text: string): string {
      return crypto.createHmac('sha256', signingKey).update(text).digest('base64url');
    },
    seal(plain: string): string {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
    },
    open(sealed: string): string {
      const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
      if (!iv || !tag || !data) throw new Error('malformed sealed value');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    },
  };
}
export type Sealer = ReturnType<typeof createSealer>;
