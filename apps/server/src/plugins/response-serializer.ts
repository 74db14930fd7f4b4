import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import {
  ResponseSerializationError,
  serializerCompiler as zodSerializerCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { serializerSchema, shapeOf, UnsupportedJsonSchema } from './response-json-plan.ts';
import { compileExactFit, type ExactFit } from './response-exact-fit.ts';
import { compileShapeCheck, type ShapeCheck } from './response-shape-check.ts';
import { unsupportedZodPart } from './response-zod-support.ts';

type Stringify = (data: unknown) => string;
type Plan = { stringify: Stringify; check: ShapeCheck; fitsExactly: ExactFit } | { fallback: string };
type RouteSchema = Parameters<typeof zodSerializerCompiler>[0]['schema'];

// One plan per zod schema: a schema shared by many routes (messageResponse) is compiled once.
const plans = new WeakMap<$ZodType, Plan>();
const choices = new Map<string, string | null>();

/** `METHOD url status` → null when compiled, or why zod serializes it at run time; filled as routes register. */
export const responseSerializerChoices = (): ReadonlyMap<string, string | null> => choices;

/**
 * Serializes a response from its zod schema compiled once into fast-json-stringify (decision 211): same bytes
 * as zod's encode + JSON.stringify for every valid response, without zod walking each object per request. A
 * schema that cannot be rendered faithfully (transforms, pipes, defaults, dates, unions…) keeps zod's
 * serializer. A response that does not fit its schema still fails as ResponseSerializationError (a 500). A
 * response that is already exactly what the schema writes is written by JSON.stringify (decision 360).
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<RouteSchema> = (route) => {
  const { schema, method, url, httpStatus } = route;
  const plan = schema instanceof $ZodType ? planFor(schema) : { fallback: 'not a zod schema' };
  choices.set(`${method} ${url} ${httpStatus ?? ''}`.trim(), 'fallback' in plan ? plan.fallback : null);
  if ('fallback' in plan) return zodSerializerCompiler(route);
  const { stringify, check, fitsExactly } = plan;
  return (data: unknown) => {
    const problem = check(data);
    if (problem !== null) throw mismatch(method, url, problem);
    try {
      // Already exactly what the schema writes (decision 360): the same bytes, one native call.
      return fitsExactly(data) ? JSON.stringify(data) : stringify(data);
    } catch (error) {
      throw mismatch(method, url, error instanceof Error ? error.message : String(error));
    }
  };
};

/** Whether a response of `schema` is written by JSON.stringify (null: zod serializes the schema). */
export const exactFitOf = (schema: $ZodType): ExactFit | null => {
  const plan = planFor(schema);
  return 'fallback' in plan ? null : plan.fitsExactly;
};

function planFor(schema: $ZodType): Plan {
  let plan = plans.get(schema);
  if (!plan) {
    plan = compile(schema);
    plans.set(schema, plan);
  }
  return plan;
}

function compile(schema: $ZodType): Plan {
  const unsupported = unsupportedZodPart(schema);
  if (unsupported) return { fallback: unsupported };
  try {
    const json = z.toJSONSchema(schema, {
      target: 'openapi-3.0',
      io: 'output',
      metadata: z.registry(), // no ids or descriptions from the global registry: every schema inline
      reused: 'inline',
      cycles: 'throw',
      unrepresentable: 'throw',
    });
    const shape = shapeOf(json as Record<string, unknown>);
    return {
      stringify: fastJson(serializerSchema(shape)) as Stringify,
      check: compileShapeCheck(shape),
      fitsExactly: compileExactFit(shape),
    };
  } catch (error) {
    if (error instanceof UnsupportedJsonSchema) return { fallback: error.message };
    return { fallback: `not convertible: ${error instanceof Error ? error.message : String(error)}` };
  }
}

// The same error (and cause type) zod's serializer throws, so the error handler answers the same 500.
const mismatch = (method: string, url: string, detail: string) =>
  new ResponseSerializationError(method, url, {
    cause: new z.ZodError([
      { code: 'custom', path: [], message: `${method} ${url}: ${detail}`, input: undefined },
    ]),
  });
