import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One access-log line per request, written as its response finishes: the request (method, URL, host,
 * address), the status and the time taken, under the request's id. Fastify's own controller writes two,
 * one as the request arrives and one as it completes; each is serialized on the server's thread, about
 * 14 µs a line beside the 230 µs of a fresh page of orders (decision 230), and a busy server's log is
 * half as long. Errors keep their own lines: the rest of Fastify's controller is unchanged.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error)
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
