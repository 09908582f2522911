import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../http/errors';
import { isStorableText, unstorableText } from '../http/requestVocabulary';
import type { IncomingFile } from '../services/uploads/incomingFiles';

/** The `file` part of a multipart form, the text fields sent before it, and the file as services take it. */
export interface UploadPart {
  fields: Record<string, string>;
  file: IncomingFile;
  /** Discards whatever of the file was left unread, so the request can finish; call it when done. */
  release(): void;
}

/**
 * Reads a multipart form up to its `file` part, which must come after the text fields (the file
 * streams through the handler; fields after it are never read). A request without that part answers
 * `missing`; a form that cannot be read, `interrupted`. The size limit is the service's to enforce
 * on the stream: the reader stops one byte past it.
 */
export async function readUploadPart(request: FastifyRequest, maxBytes: number, messages: { missing: string; interrupted: string }): Promise<UploadPart> {
  if (!request.isMultipart()) throw badRequest(messages.missing);
  const part: MultipartFile | undefined = await request.file({ limits: { fileSize: maxBytes + 1 }, throwFileSizeLimit: false }).catch((error: unknown) => {
    // The multipart reader's own refusals carry their status; anything else is a form it could not parse.
    const status = (error as { statusCode?: number }).statusCode;
    throw status && status < 500 ? error : badRequest(messages.interrupted);
  });
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw badRequest(messages.missing);
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first?.type === 'field' && typeof first.value === 'string') fields[name] = first.value;
  }
  const refusal = unstorableFormText(fields, part.filename);
  if (refusal) {
    part.file.resume();
    throw refusal;
  }
  return {
    fields,
    file: { filename: part.filename, mimetype: part.mimetype, content: part.file, truncated: () => part.file.truncated },
    release: () => {
      if (!part.file.readableEnded) part.file.resume();
    },
  };
}

/**
 * The form's text never passes the contract's validator, so it gets the same text check here: the
 * first field, or else the file's name, holding a character no text may hold.
 */
function unstorableFormText(fields: Record<string, string>, filename: string) {
  const field = Object.keys(fields).find((name) => !isStorableText(fields[name]));
  if (field) return unstorableText(field);
  return isStorableText(filename) ? undefined : unstorableText('file', 'The file name');
}
