import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { compiledSerializerCompiler } from '../src/plugins/response-serializer.ts';

let routeNumber = 0;
/** Both serializers for one made-up route of the schema: the compiled one and zod's, which callers got before. */
export function serializers(schema: z.ZodType) {
  const route = { schema, method: 'GET', url: `/unit/${++routeNumber}`, httpStatus: '200' };
  return {
    compiled: compiledSerializerCompiler(route),
    zod: zodSerializerCompiler(route),
    key: `GET ${route.url} 200`,
  };
}
