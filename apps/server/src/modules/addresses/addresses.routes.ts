import {
  addressBody,
  addressListResponse,
  addressMessageResponse,
  messageResponse,
  uuidParams,
  zipParams,
  zipPlaceResponse,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../plugins/authenticate.ts';
import { lookupZip } from '../address-check/address-check.service.ts';
import { createAddress, deleteAddress, readAddresses, updateAddress } from './addresses.service.ts';

const tags = ['addresses'];
const addressParams = uuidParams({ id: 'Address not found' });

/** Saved addresses (spec: /address screen): GET readAll, POST create, PUT update/{id}, DELETE delete/{id}. */
export const addressRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireUser(ctx));

    app.get(
      '/readAll',
      { config: { permission: 'addresses.read' }, schema: { tags, response: { 200: addressListResponse } } },
      async (request) => ({
        addresses: await readAddresses(ctx, { userId: currentUser(request).user.id }),
      }),
    );

    app.post(
      '/create',
      {
        config: { permission: 'addresses.write' },
        schema: { tags, body: addressBody, response: { 201: addressMessageResponse } },
      },
      async (request, reply) => {
        const saved = await createAddress(ctx, {
          userId: currentUser(request).user.id,
          address: request.body,
        });
        return reply.status(201).send({ message: 'Address created successfully', ...saved });
      },
    );

    app.put(
      '/update/:id',
      {
        config: { permission: 'addresses.write' },
        schema: { tags, params: addressParams, body: addressBody, response: { 200: addressMessageResponse } },
      },
      async (request) => {
        const saved = await updateAddress(ctx, {
          userId: currentUser(request).user.id,
          id: request.params.id,
          address: request.body,
        });
        return { message: 'Address updated successfully', ...saved };
      },
    );

    app.get(
      '/zip/:zip',
      {
        config: { permission: 'addresses.read' },
        schema: { tags, params: zipParams, response: { 200: zipPlaceResponse } },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'private, max-age=86400');
        return lookupZip(request.params.zip);
      },
    );

    app.delete(
      '/delete/:id',
      {
        config: { permission: 'addresses.write' },
        schema: { tags, params: addressParams, response: { 200: messageResponse } },
      },
      async (request) => {
        await deleteAddress(ctx, { userId: currentUser(request).user.id, id: request.params.id });
        return { message: 'Address deleted successfully' };
      },
    );
  };
