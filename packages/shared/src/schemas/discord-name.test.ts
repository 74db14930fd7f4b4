import { describe, expect, it } from 'vitest';
import { DISCORD_NAME_RULES, discordIdSchema } from './auth.ts';

describe('discordIdSchema (new registrations)', () => {
  it("applies Discord's username rules, so look-alikes of a name cannot register", () => {
    for (const name of ['alice.ships', 'Bob_42', 'a.b_c'])
      expect(discordIdSchema.safeParse(name).success).toBe(true);
    for (const name of ['аlice', 'ａlice', 'al..ice', 'al-ice', 'x'.repeat(33)]) {
      const result = discordIdSchema.safeParse(name);
      expect(result.success, name).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain(DISCORD_NAME_RULES);
    }
  });
});
