/** PostgreSQL text cannot hold U+0000, so every string the API takes is refused with it, in one place. */
export const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000)';

/** The path of the first string holding U+0000 in a parsed body, query or form ('' for the value itself). */
export function nulCharacterPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
    const found = nulCharacterPath(inner, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}
