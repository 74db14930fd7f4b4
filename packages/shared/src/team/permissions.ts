/** A member's role in a team (issue 45): what they may do with the account's balance, orders and people. */
export const TEAM_ROLES = ['owner', 'admin', 'shipper', 'viewer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** Higher ranks hold every right of the lower ones; a key's role is never above its member's. */
export const ROLE_RANK: Record<TeamRole, number> = { viewer: 0, shipper: 1, admin: 2, owner: 3 };

export const lowerRole = (a: TeamRole, b: TeamRole): TeamRole => (ROLE_RANK[a] <= ROLE_RANK[b] ? a : b);

const EVERY_ROLE: readonly TeamRole[] = TEAM_ROLES;
const BUYERS: readonly TeamRole[] = ['owner', 'admin', 'shipper'];
const MANAGERS: readonly TeamRole[] = ['owner', 'admin'];

/**
 * The one table of team permissions: each route names one (its `config.permission`) and one guard checks
 * it (decision 326). `what` completes the refusal "A <role> cannot <what>". To add a permission, add a
 * row; a route without one fails the role-matrix test.
 */
export const TEAM_PERMISSIONS = {
  'orders.read': { roles: EVERY_ROLE, what: 'read orders' },
  'orders.buy': { roles: BUYERS, what: 'buy labels' },
  'addresses.read': { roles: EVERY_ROLE, what: 'read addresses' },
  'addresses.write': { roles: BUYERS, what: 'change addresses' },
  'deposits.read': { roles: ['owner', 'admin', 'viewer'], what: 'read deposits' },
  'deposits.write': { roles: MANAGERS, what: 'make deposits' },
  'keys.manage': { roles: MANAGERS, what: 'manage API keys' },
  'members.read': { roles: EVERY_ROLE, what: 'read the team' },
  'members.manage': { roles: MANAGERS, what: 'manage members' },
  'activity.read': { roles: MANAGERS, what: 'read the team activity' },
  'settings.write': { roles: MANAGERS, what: 'change the account settings' },
  'webhooks.manage': { roles: MANAGERS, what: 'manage webhooks' },
  'team.security': { roles: ['owner'], what: "change the team's sign-in rules" },
  'account.close': { roles: ['owner'], what: 'close the account' },
} as const satisfies Record<string, { roles: readonly TeamRole[]; what: string }>;
export type TeamPermission = keyof typeof TEAM_PERMISSIONS;

/**
 * What a route declares in `config.permission`: a team permission, or `self` (any signed-in member, about
 * their own person: password, second factor, sign-out), `public` (no sign-in) or `staff` (the console).
 */
export type RouteAccess = TeamPermission | 'self' | 'public' | 'staff';

export const roleCan = (role: TeamRole, permission: TeamPermission): boolean =>
  (TEAM_PERMISSIONS[permission].roles as readonly TeamRole[]).includes(role);

/** "An admin", "A shipper": a role as a sentence starts with it. */
export const aRole = (role: TeamRole): string => `${/^[aeiou]/.test(role) ? 'An' : 'A'} ${role}`;

/** The 403's message: names the role and what it cannot do. */
export const refusalMessage = (role: TeamRole, permission: TeamPermission): string =>
  `${aRole(role)} cannot ${TEAM_PERMISSIONS[permission].what}`;
