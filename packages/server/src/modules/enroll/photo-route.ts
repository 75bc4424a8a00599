import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { idNumber } from '@tegang/domain';

/** {id}/{version}.jpg of the photo routes (version: photoVersion, 22 base64url characters). */
export const photoParams = z.object({
  id: idNumber(),
  file: z.string().regex(/^[A-Za-z0-9_-]{22}\.jpg$/),
});

/**
 * Sends an enrolment photo (docs/decisions.md "Photos by their own address"): the address changes
 * with the photo, so the browser may keep it a year without asking again (`private`: personal data,
 * no shared cache). `Vary` on the token header keeps the browser's copy to the session that read it,
 * so another person signing in on the same computer never gets it from the cache.
 */
export function sendPhoto(reply: FastifyReply, data: Buffer, tokenHeader: string): FastifyReply {
  return reply
    .type('image/jpeg')
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('vary', tokenHeader)
    .send(data);
}
