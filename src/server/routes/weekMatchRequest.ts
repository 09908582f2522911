import type { FastifyRequest } from 'fastify';
import { badRequest } from '../http/errors';
import { isStorableText, unstorableText } from '../http/requestVocabulary';
import type { ClientViewer } from '../services/clients/clients';
import { uploadWeek } from '../services/uploads/uploadTargets';
import { type FileReading, readMatchFile } from '../services/weekly/weekMatchFiles';
import { MATCH_THRESHOLD, matchWeekFiles } from '../services/weekly/weekMatching';

/** The most files one request may match: a bureau's week of clients. */
export const MAX_MATCH_FILES = 100;

export const MATCH_REFUSALS = {
  filesRequired: 'Choose the files of the week to match.',
  tooManyFiles: `Match at most ${MAX_MATCH_FILES} files at once.`,
  interrupted: 'The files could not be read to the end. Please try again.',
} as const;

/**
 * Reads a match request's form (the week and each `files` part, one after another, each read and
 * released before the next arrives) and answers each file's client among those the viewer may
 * upload for (the same endpoint for staff and admins: the viewer scopes it).
 */
export async function matchWeekRequest(request: FastifyRequest, viewer: ClientViewer) {
  if (!request.isMultipart()) throw badRequest(MATCH_REFUSALS.filesRequired);
  const { ctx } = request.server;
  const maxBytes = ctx.config.maxUploadBytes;
  const readings: FileReading[] = [];
  let weekText: string | undefined;
  const parts = request.parts({ limits: { files: MAX_MATCH_FILES + 1, parts: MAX_MATCH_FILES + 10, fileSize: maxBytes + 1 } });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'weekStart' && typeof part.value === 'string') {
          if (!isStorableText(part.value)) throw unstorableText('weekStart');
          weekText = part.value;
        }
        continue;
      }
      if (part.fieldname !== 'files' || readings.length >= MAX_MATCH_FILES) {
        part.file.resume();
        if (part.fieldname === 'files') throw badRequest(MATCH_REFUSALS.tooManyFiles);
        continue;
      }
      if (!isStorableText(part.filename)) {
        part.file.resume();
        throw unstorableText('files', 'The file name');
      }
      readings.push(await readMatchFile({ filename: part.filename, mimetype: part.mimetype, content: part.file, truncated: () => part.file.truncated }, maxBytes));
    }
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status < 500) throw error;
    throw badRequest(MATCH_REFUSALS.interrupted);
  }
  if (readings.length === 0) throw badRequest(MATCH_REFUSALS.filesRequired, [{ field: 'files', message: MATCH_REFUSALS.filesRequired }]);
  const weekStart = uploadWeek(weekText);
  const matches = await matchWeekFiles(ctx.db, viewer, weekStart, readings);
  return { success: true, data: { weekStart, threshold: MATCH_THRESHOLD, matches } };
}
