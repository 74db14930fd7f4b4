import {
  acceptInvitationBody,
  createdTeamApiKeyResponse,
  createTeamApiKeyBody,
  invitationResponse,
  inviteBody,
  memberResponse,
  messageResponse,
  teamActivityQuery,
  teamActivityResponse,
  teamApiKeysResponse,
  teamResponse,
  teamSettingsBody,
  updateMemberBody,
  uuidParams,
} from '@portal/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { currentUser, requireUser } from '../../plugins/authenticate.ts';
import {
  acceptInvitation,
  createTeamApiKey,
  inviteMember,
  listTeamApiKeys,
  readTeam,
  readTeamActivity,
  removeMember,
  resendInvitation,
  revokeInvitation,
  revokeTeamApiKey,
  setTeamTwoFactorRule,
  updateMember,
} from './teams.service.ts';

const tags = ['team'];
const memberParams = uuidParams({ id: 'Member not found' });
const invitationParams = uuidParams({ id: 'Invitation not found' });
const keyParams = uuidParams({ id: 'API key not found' });
const acceptedResponse = z.object({ message: z.string(), team: z.object({ name: z.string() }) });

const actorOf = (request: FastifyRequest): Actor => {
  const { user } = currentUser(request);
  return { accountId: user.id, memberId: user.memberId, role: user.teamRole, apiKey: user.apiKey ?? null };
};
const originOf = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;

/** The team of the signed-in account (issue 45): members, invitations, keys, the activity log. */
export const teamRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireUser(ctx));

    app.get(
      '',
      { config: { permission: 'members.read' }, schema: { tags, response: { 200: teamResponse } } },
      async (request) => readTeam(ctx, currentUser(request).user.id),
    );

    app.put(
      '/settings',
      {
        config: { permission: 'team.security' },
        schema: { tags, body: teamSettingsBody, response: { 200: messageResponse } },
      },
      async (request) => {
        await setTeamTwoFactorRule(ctx, currentUser(request).user.id, request.body.requireTwoFactor);
        return { message: 'Team settings saved' };
      },
    );

    app.post(
      '/invitations',
      {
        config: { permission: 'members.manage' },
        schema: { tags, body: inviteBody, response: { 201: invitationResponse } },
      },
      async (request, reply) => {
        const invitation = await inviteMember(ctx, actorOf(request), request.body, originOf(request));
        return reply.status(201).send({ message: `Invitation sent to ${invitation.email}`, invitation });
      },
    );

    app.post(
      '/invitations/:id/resend',
      {
        config: { permission: 'members.manage' },
        schema: { tags, params: invitationParams, response: { 200: invitationResponse } },
      },
      async (request) => {
        const invitation = await resendInvitation(
          ctx,
          actorOf(request),
          request.params.id,
          originOf(request),
        );
        return { message: `Invitation sent again to ${invitation.email}`, invitation };
      },
    );

    app.delete(
      '/invitations/:id',
      {
        config: { permission: 'members.manage' },
        schema: { tags, params: invitationParams, response: { 200: messageResponse } },
      },
      async (request) => {
        await revokeInvitation(ctx, actorOf(request), request.params.id);
        return { message: 'Invitation revoked' };
      },
    );

    app.post(
      '/invitations/accept',
      {
        config: { permission: 'self' },
        schema: { tags, body: acceptInvitationBody, response: { 200: acceptedResponse } },
      },
      async (request) => {
        const joined = await acceptInvitation(ctx, currentUser(request).user.memberId, request.body.token);
        return {
          message: `You joined the ${joined.teamName} team as ${joined.role}`,
          team: { name: joined.teamName },
        };
      },
    );

    app.patch(
      '/members/:id',
      {
        config: { permission: 'members.manage' },
        schema: { tags, params: memberParams, body: updateMemberBody, response: { 200: memberResponse } },
      },
      async (request) => ({
        message: 'Member updated',
        member: await updateMember(ctx, actorOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/members/:id',
      {
        config: { permission: 'members.manage' },
        schema: { tags, params: memberParams, response: { 200: messageResponse } },
      },
      async (request) => {
        await removeMember(ctx, actorOf(request), request.params.id);
        return { message: 'Member removed' };
      },
    );

    app.post(
      '/leave',
      { config: { permission: 'self' }, schema: { tags, response: { 200: messageResponse } } },
      async (request) => {
        const actor = actorOf(request);
        await removeMember(ctx, actor, actor.memberId);
        return { message: 'You left the team' };
      },
    );

    app.get(
      '/api-keys',
      { config: { permission: 'keys.manage' }, schema: { tags, response: { 200: teamApiKeysResponse } } },
      async (request) => ({ keys: await listTeamApiKeys(ctx, currentUser(request).user.id) }),
    );

    app.post(
      '/api-keys',
      {
        config: { permission: 'keys.manage' },
        schema: { tags, body: createTeamApiKeyBody, response: { 201: createdTeamApiKeyResponse } },
      },
      async (request, reply) => {
        const created = await createTeamApiKey(ctx, actorOf(request), request.body);
        return reply
          .status(201)
          .send({ message: 'API key created: copy it now, it is shown once', ...created });
      },
    );

    app.delete(
      '/api-keys/:id',
      {
        config: { permission: 'keys.manage' },
        schema: { tags, params: keyParams, response: { 200: messageResponse } },
      },
      async (request) => {
        await revokeTeamApiKey(ctx, currentUser(request).user.id, request.params.id);
        return { message: 'API key revoked' };
      },
    );

    app.get(
      '/activity',
      {
        config: { permission: 'activity.read' },
        schema: { tags, querystring: teamActivityQuery, response: { 200: teamActivityResponse } },
      },
      async (request) => readTeamActivity(ctx, currentUser(request).user.id, request.query),
    );
  };
