import { z } from 'zod';
import { emailSchema } from '../schemas/auth.ts';
import { TEAM_ROLES } from './permissions.ts';

export const teamRoleSchema = z.enum(TEAM_ROLES);

/** Who bought an order or a bulk order: the member (issue 45). */
export const createdBySchema = z.object({ _id: z.string(), username: z.string() });
export type CreatedBy = z.infer<typeof createdBySchema>;

export const teamMemberView = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  role: teamRoleSchema,
  twoFactorEnabled: z.boolean(),
  lastSeenAt: z.string().nullable(),
  /** Dollars a member may spend a day; null for no limit. */
  dailyLimit: z.number().nullable(),
});
export type TeamMemberView = z.infer<typeof teamMemberView>;

export const invitationView = z.object({
  _id: z.string(),
  email: z.string(),
  role: teamRoleSchema,
  expiresAt: z.string(),
});
export type InvitationView = z.infer<typeof invitationView>;

/** GET /api/v1/team */
export const teamResponse = z.object({
  team: z.object({ _id: z.string(), name: z.string() }),
  members: z.array(teamMemberView),
  invitations: z.array(invitationView),
});
export type TeamResponse = z.infer<typeof teamResponse>;

/** POST /api/v1/team/invitations */
export const inviteBody = z.object({ email: emailSchema, role: teamRoleSchema });
export type InviteBody = z.infer<typeof inviteBody>;
export const invitationResponse = z.object({ message: z.string(), invitation: invitationView });

/** POST /api/v1/team/invitations/accept (signed in) */
export const acceptInvitationBody = z.object({ token: z.string().min(1).max(200) });
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBody>;

const dollars = z.number().min(0).max(1_000_000).multipleOf(0.01);

/** PATCH /api/v1/team/members/{id} */
export const updateMemberBody = z
  .object({ role: teamRoleSchema.optional(), dailyLimit: dollars.nullable().optional() })
  .refine((body) => body.role !== undefined || body.dailyLimit !== undefined, 'Send role or dailyLimit');
export type UpdateMemberBody = z.infer<typeof updateMemberBody>;
export const memberResponse = z.object({ message: z.string(), member: teamMemberView });

/** PUT /api/v1/team/settings */
export const teamSettingsBody = z.object({ requireTwoFactor: z.boolean() });
export type TeamSettingsBody = z.infer<typeof teamSettingsBody>;

export const teamApiKeyView = z.object({
  _id: z.string(),
  name: z.string(),
  role: teamRoleSchema,
  /** The key's first characters, to tell keys apart; the key itself is shown once. */
  prefix: z.string(),
  member: createdBySchema,
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type TeamApiKeyView = z.infer<typeof teamApiKeyView>;

/** GET /api/v1/team/api-keys */
export const teamApiKeysResponse = z.object({ keys: z.array(teamApiKeyView) });
/** POST /api/v1/team/api-keys */
export const createTeamApiKeyBody = z.object({
  name: z.string().trim().min(1).max(60),
  role: teamRoleSchema,
});
export type CreateTeamApiKeyBody = z.infer<typeof createTeamApiKeyBody>;
export const createdTeamApiKeyResponse = z.object({
  message: z.string(),
  key: teamApiKeyView,
  /** Shown once: the server keeps only its hash. */
  apiKey: z.string(),
});

export const TEAM_ACTIONS = [
  'order.created',
  'bulk_order.created',
  'deposit.created',
  'address.created',
  'address.updated',
  'address.deleted',
  'key.created',
  'key.revoked',
  'member.invited',
  'member.joined',
  'member.updated',
  'member.removed',
  'invitation.revoked',
  'team.settings',
] as const;
export type TeamAction = (typeof TEAM_ACTIONS)[number];

export const teamActivityView = z.object({
  _id: z.string(),
  action: z.enum(TEAM_ACTIONS),
  summary: z.string(),
  member: createdBySchema.nullable(),
  apiKey: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type TeamActivityView = z.infer<typeof teamActivityView>;

/** GET /api/v1/team/activity?member&action&page */
export const teamActivityQuery = z.object({
  member: z.uuid().optional(),
  action: z.enum(TEAM_ACTIONS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type TeamActivityQuery = z.infer<typeof teamActivityQuery>;
export const teamActivityResponse = z.object({
  activity: z.array(teamActivityView),
  totalPages: z.number(),
});

/** The console's members of one reseller. */
export const adminTeamMembersResponse = z.object({
  members: z.array(teamMemberView.extend({ disabled: z.boolean() })),
});
