/**
 * A plain JSON serializer for the hot product routes (search, suggestions, top discounted).
 *
 * The app-wide serializer of fastify-type-provider-zod encodes every response with its zod schema
 * before JSON.stringify, which re-checks and copies each of the up to 100 products of a page (a CPU
 * profile of the search benchmark put it at about 1.5 % of the server's time, more than all of
 * product-shape.ts). On these routes every object is built by product-shape.ts (toProduct,
 * toSuggestion) as an object literal typed by the schema's own inferred type, so TypeScript already
 * rejects a missing, extra or mistyped field; product-shape.test.ts parses toProduct's output with
 * productSchema. What is no longer checked at run time: NaN or fractional values in number fields
 * (the columns are integers or a real the importer fills from finite numbers). The zod response
 * schemas stay on the routes for typing and documentation; input validation is unchanged.
 */
import type { FastifySerializerCompiler } from 'fastify';

/**
 * Fastify serializer compiler that ignores the schema and answers `JSON.stringify(data)`.
 * Never throws for the plain objects our services build (no cycles, no BigInt).
 */
export const plainJsonSerializerCompiler: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);
