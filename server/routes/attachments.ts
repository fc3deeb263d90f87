import { createHash } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { FILE_TOO_LARGE_MESSAGE, MAX_ATTACHMENT_BASE64_LENGTH, MAX_ATTACHMENT_BYTES } from '../../src/domain/attachments/rules.ts';
import { attachmentDisposition } from '../http/content-disposition.ts';
import { defineRoute, HttpError, type RouteContext } from '../http/define-route.ts';
import { notFound, refusal } from '../http/refusals.ts';
import type { RequestBody } from '../http/contract-types.ts';
import { BASE64_ONLY } from '../http/field-words.ts';
import type { AnswerOf } from '../answers/projection.ts';
import { ATTACHMENT } from '../answers/projections.ts';

// The base64 of 5 MB and room for the name, type and note, even written as \u escapes.
const UPLOAD_BODY_LIMIT_BYTES = MAX_ATTACHMENT_BASE64_LENGTH + 64 * 1024;
const UNKNOWN_MEDIA_TYPE = 'application/octet-stream';

type AttachmentUploadBody = RequestBody<'AttachmentUpload'>;

type AttachmentAnswer = AnswerOf<typeof ATTACHMENT>;

const SELECT_ATTACHMENTS = `select ${ATTACHMENT.select} from ${ATTACHMENT.from} where a.tenant_id = $1`;

/**
 * The tenant's library of e-mail attachments (the file's name is judged by the body's
 * rule, body-rules.ts, before the route runs). Uploads come as base64 in JSON, so
 * the one upload route has a body limit of its own; every refusal of a file for its
 * size, whether by that limit or by the decoded length, says the same sentence.
 */
export function registerAttachmentRoutes(app: FastifyInstance, context: RouteContext): void {
  // Encapsulated: the size refusals below apply to these routes only.
  app.register(async (scope) => {
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ message: FILE_TOO_LARGE_MESSAGE });
      // Everything else is answered by the API's own error handling.
      throw error;
    });
    // Before validation, so a file just over 5 MB hears 413 and not the schema's maxLength.
    scope.addHook('preValidation', async (request) => {
      const content = (request.body as { content_base64?: unknown } | undefined)?.content_base64;
      if (typeof content === 'string' && content.length > MAX_ATTACHMENT_BASE64_LENGTH) throw new HttpError(413, FILE_TOO_LARGE_MESSAGE);
    });
    registerRoutes(scope, context);
  });
}

function registerRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;

  defineRoute(app, context, 'get', '/api/attachments/getAllData/{tenant_id}', async (request) =>
    db.query<AttachmentAnswer>(`${SELECT_ATTACHMENTS} order by a.created_at desc, a.id desc`, [request.caller.tenantId]),
  );

  defineRoute(app, context, 'post', '/api/attachments', async (request: FastifyRequest<{ Body: AttachmentUploadBody }>, reply) => {
    const { caller, body } = request;
    const content = decodeBase64(body.content_base64);
    if (content.length > MAX_ATTACHMENT_BYTES) throw new HttpError(413, FILE_TOO_LARGE_MESSAGE);
    const sha256 = createHash('sha256').update(content).digest('hex');
    const mediaType = body.media_type.trim() || UNKNOWN_MEDIA_TYPE;
    const opportunityId = body.opportunity_id ?? null;

    const id = await db.transaction(async (tx) => {
      if (opportunityId !== null) {
        const [opportunity] = await tx.query('select 1 from opportunities where id = $1 and tenant_id = $2', [opportunityId, caller.tenantId]);
        if (!opportunity) throw refusal('opportunity_id', 'Opportunity must be an opportunity of your tenant.');
      }
      const [row] = await tx.query<{ id: number }>(
        `insert into attachments (tenant_id, file_name, media_type, size_bytes, content, sha256, opportunity_id, uploaded_by, note)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
        [caller.tenantId, body.file_name, mediaType, content.length, content, sha256, opportunityId, caller.userId, body.note ?? ''],
      );
      return row!.id;
    });
    const [attachment] = await db.query<AttachmentAnswer>(`${SELECT_ATTACHMENTS} and a.id = $2`, [caller.tenantId, id]);
    return reply.code(201).send(attachment);
  }, { bodyLimit: UPLOAD_BODY_LIMIT_BYTES });

  /**
   * Uploaded files are untrusted: they are only ever offered for saving, never typed
   * as what they claim to be, sniffed, or rendered in the app's origin. Mostly PDFs,
   * images and office files: compressed already.
   */
  defineRoute(app, context, 'get', '/api/attachments/{id}/content', async (request: FastifyRequest<{ Params: { id: number } }>, reply) => {
    const [row] = await db.query<{ file_name: string; content: Uint8Array }>(
      'select file_name, content from attachments where tenant_id = $1 and id = $2',
      [request.caller.tenantId, request.params.id],
    );
    if (!row) throw notFound();
    return reply
      .type('application/octet-stream')
      .header('Content-Disposition', attachmentDisposition(row.file_name))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', 'sandbox')
      .send(Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength));
  }, { compress: false });

  defineRoute(app, context, 'delete', '/api/attachments/{id}', async (request: FastifyRequest<{ Params: { id: number } }>, reply) => {
    const deleted = await db.query('delete from attachments where tenant_id = $1 and id = $2 returning id', [request.caller.tenantId, request.params.id]);
    if (deleted.length === 0) throw notFound();
    return reply.code(204).send();
  });
}

/** Standard padded base64 only: whatever does not encode back to the same text is refused. */
function decodeBase64(text: string): Buffer {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0 || bytes.toString('base64') !== text) {
    throw refusal('content_base64', BASE64_ONLY);
  }
  return bytes;
}
