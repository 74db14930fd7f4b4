import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import { compiledSerializerCompiler } from '../src/plugins/response-serializer.ts';

let routeNumber = 0;
/** Both serializers for one made-up route of the schema: the compiled one and zod's, which callers got before. */
export function serializers(schema: $ZodType) {
  const route = { schema, method: 'GET', url: `/unit/${++routeNumber}`, httpStatus: '200' };
  return {
    compiled: compiledSerializerCompiler(route),
    zod: zodSerializerCompiler(route),
    key: `GET ${route.url} 200`,
  };
}
