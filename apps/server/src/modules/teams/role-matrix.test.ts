import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  refusalMessage,
  roleCan,
  TEAM_PERMISSIONS,
  TEAM_ROLES,
  type TeamPermission,
  type TeamRole,
} from '@portal/shared';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';
import { appCall } from '../../../test/api-fixtures.ts';
import { addMember } from '../../../test/team-fixtures.ts';
import type { Reseller } from '../../../test/order-fixtures.ts';

let app: TestApp;
const sessions = new Map<TeamRole, Record<string, string>>();
const keys = new Map<TeamRole, string>();

beforeAll(async () => {
  app = await createTestApp();
  const owner: Reseller = await signUpReseller(app);
  sessions.set('owner', owner.headers);
  for (const role of ['admin', 'shipper', 'viewer'] as const) {
    sessions.set(role, (await addMember(app, owner, role)).headers);
  }
  // The API's roles come from keys: the owner's key of each role.
  for (const role of TEAM_ROLES) {
    const res = await appCall(app, owner.headers, 'POST', '/team/api-keys', { name: `${role} key`, role });
    keys.set(role, res.json().apiKey as string);
  }
}, 120_000);
afterAll(async () => app?.close());

const isTeamPermission = (p: string | undefined): p is TeamPermission => !!p && p in TEAM_PERMISSIONS;
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, randomUUID());

describe('the role matrix (issue 45)', () => {
  it('every route of the app and API v2 declares who may call it', () => {
    const undeclared = app.routes
      .filter((r) => /^\/api\/v[12]\//.test(r.url) && r.permission === undefined)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('answers every route for every role as the permission table says', async () => {
    const guarded = app.routes.filter((r) => /^\/api\/v[12]\//.test(r.url) && isTeamPermission(r.permission));
    expect(guarded.length).toBeGreaterThan(60);
    const expected: string[] = [];
    const actual: string[] = [];
    for (const route of guarded) {
      const permission = route.permission as TeamPermission;
      for (const role of TEAM_ROLES) {
        const headers = route.url.startsWith('/api/v2/')
          ? { 'x-api-key': keys.get(role)! }
          : sessions.get(role)!;
        const res = await app.inject({ method: route.method as 'GET', url: concrete(route.url), headers });
        const refused = res.statusCode === 403 && res.json().message === refusalMessage(role, permission);
        const line = `${route.method} ${route.url} as ${role}:`;
        expected.push(
          `${line} ${roleCan(role, permission) ? 'allowed' : `403 ${refusalMessage(role, permission)}`}`,
        );
        actual.push(
          `${line} ${refused ? `403 ${res.json().message}` : res.statusCode === 403 ? `403 ${res.body}` : 'allowed'}`,
        );
      }
    }
    expect(actual).toEqual(expected);
  }, 240_000);
});
