import { Piscina } from 'piscina';
import { readFileAt, writeFileAt } from '../integrations/local-files';
import { renderAdmissionTicketPdf, type TicketPdfData } from './admission-ticket-pdf';

/**
 * The files of a ticket on the local storage (Storage.localPath), read and written by the render
 * thread itself: `photo` the candidate's photo (null: none named), `pdf` where the PDF goes.
 */
export interface TicketFiles {
  photo: string | null;
  pdf: string;
}

/** A ticket to render; with `files`, the photo is read from and the PDF written to those paths. */
export type TicketTask = TicketPdfData & { files?: TicketFiles };

/** The message of the error thrown when the photo named by `files.photo` is gone. */
export const PHOTO_GONE = 'file.photoMissing';

/**
 * Worker-thread entry of the ticket PDF pool (piscina; modules/admission-ticket/pdf-service.ts):
 * renders one ticket. Without `files` it hands back the PDF bytes; with `files` it reads the photo
 * and writes the PDF there (whole or not at all, 0600: integrations/local-files.ts) and answers the
 * PDF's size in bytes, so that a batch costs the main thread no file work. Throws Error(PHOTO_GONE)
 * when the named photo's file does not exist. Each thread parses the fonts once (documents/pdf.ts
 * keeps them per module instance, i.e. per thread). Loaded as TypeScript through tsx's loader
 * (`--import tsx` in the pool's execArgv) when the server runs from source, under vitest too.
 */
export default async function renderTicket({ files, ...data }: TicketTask): Promise<Uint8Array | number> {
  if (files) {
    const photo = files.photo === null ? null : readFileAt(files.photo);
    if (files.photo !== null && !photo) throw new Error(PHOTO_GONE);
    const pdf = await renderAdmissionTicketPdf({ ...data, photo });
    writeFileAt(files.pdf, pdf);
    return pdf.byteLength;
  }
  const pdf = await renderAdmissionTicketPdf(data);
  // Its own memory, moved (not copied) back to the caller.
  const bytes = new Uint8Array(pdf.byteLength);
  bytes.set(pdf);
  return Piscina.move(bytes) as unknown as Uint8Array;
}
