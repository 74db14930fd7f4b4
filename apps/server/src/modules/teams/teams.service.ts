/** The teams module's face (issue 45): what other modules and the routes call. */
export { holdSpend, type Buyer } from './spend-limit.ts';
export { recordActivity, readTeamActivity } from './team-activity.ts';
export {
  createTeamApiKey,
  findTeamKeyCredential,
  listTeamApiKeys,
  noteKeyUse,
  revokeTeamApiKey,
} from './team-api-keys.ts';
export { acceptInvitation, inviteMember, resendInvitation, revokeInvitation } from './team-invitations.ts';
export { readTeam, removeMember, setTeamTwoFactorRule, toMemberView, updateMember } from './team-members.ts';
export { listMembersForStaff } from './staff-team.ts';
