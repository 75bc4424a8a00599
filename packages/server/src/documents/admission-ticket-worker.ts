import { Piscina } from 'piscina';
import { renderAdmissionTicketPdf, type TicketPdfData } from './admission-ticket-pdf';

/**
 * Worker-thread entry of the ticket PDF pool (piscina; modules/admission-ticket/pdf-service.ts):
 * renders one ticket and hands back the PDF bytes. Each thread parses the fonts once (documents/pdf.ts
 * keeps them per module instance, i.e. per thread). Loaded as TypeScript through tsx's loader
 * (`--import tsx` in the pool's execArgv), under `npm start` as under vitest.
 */
export default async function renderTicket(data: TicketPdfData): Promise<Uint8Array> {
  const pdf = await renderAdmissionTicketPdf(data);
  // Its own memory, moved (not copied) back to the caller.
  const bytes = new Uint8Array(pdf.byteLength);
  bytes.set(pdf);
  return Piscina.move(bytes) as unknown as Uint8Array;
}
