import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { registerErrorHandling } from './plugins/error-handler.ts';

/** What a client receives when a route throws `error`. */
async function answerTo(error: AppError) {
  const app = Fastify();
  registerErrorHandling(app);
  app.get('/', async () => {
    throw error;
  });
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return { status: res.statusCode, body: res.json() as unknown };
}

describe('AppError.notFound', () => {
  it('answers 404 with the message alone', async () => {
    expect(await answerTo(AppError.notFound('Order not found'))).toEqual({
      status: 404,
      body: { message: 'Order not found' },
    });
  });
});

describe('AppError.fieldError', () => {
  it('answers 400 with the message, and the same message under the field', async () => {
    expect(await answerTo(AppError.fieldError('cashAppUrl', 'This receipt was already used'))).toEqual({
      status: 400,
      body: {
        message: 'This receipt was already used',
        errors: [{ field: 'cashAppUrl', message: 'This receipt was already used' }],
      },
    });
  });

  it('takes another status and a longer top-level message when given', async () => {
    const error = AppError.fieldError('uid', 'A label type for priority already exists', {
      code: 'CONFLICT',
      summary: 'A label type for priority already exists; edit that one',
    });
    expect(await answerTo(error)).toEqual({
      status: 409,
      body: {
        message: 'A label type for priority already exists; edit that one',
        errors: [{ field: 'uid', message: 'A label type for priority already exists' }],
      },
    });
  });
});
