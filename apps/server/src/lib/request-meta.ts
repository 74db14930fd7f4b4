import type { FastifyRequest } from 'fastify';
import type { RequestMeta } from '../context.ts';

export const requestMeta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
});
