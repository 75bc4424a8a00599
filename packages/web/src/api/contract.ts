import type { paths } from './schema';

/**
 * Types read from the server's OpenAPI document (`schema.d.ts`, written by `npm run gen:api`): a
 * server change that breaks a call fails the web's type check here rather than at run time.
 */

type Method = 'get' | 'post' | 'put' | 'delete';
type Json<R> = R extends { content: { 'application/json': infer J } } ? J : never;

/**
 * The `data` of the 200 answer of `method` on `path` (plain, before any encryption); `unknown` for a
 * route without a JSON response schema, so that a caller must narrow rather than read anything.
 */
export type ApiData<P extends keyof paths, M extends Method> = paths[P][M] extends {
  responses: { 200: infer R };
}
  ? Json<R> extends { data: infer D }
    ? D
    : unknown
  : unknown;

/** The JSON body of `method` on `path`. */
export type ApiBody<P extends keyof paths, M extends Method> = paths[P][M] extends {
  requestBody?: infer B;
}
  ? Json<NonNullable<B>>
  : never;
