import { fromPromise } from 'xstate';
import { found } from '../api/client.ts';
import { emailAttachmentsMachine } from '../machines/email-attachments.ts';
import { readAsBase64, saveBytes } from '../platform/browser-files.ts';
import { feedback, type Wiring } from './wiring.ts';

export const emailAttachmentsFlow: Wiring<typeof emailAttachmentsMachine> = ({ api }) =>
  emailAttachmentsMachine.provide({
    actors: {
      loadLibrary: fromPromise(async ({ input }) => ({
        attachments: await found(api.GET('/api/attachments/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId } } })),
      })),
      uploadAttachment: fromPromise(async ({ input }) =>
        found(
          api.POST('/api/attachments', {
            body: {
              file_name: input.file.name,
              media_type: input.file.type,
              content_base64: await readAsBase64(input.file),
              opportunity_id: input.opportunityId,
              note: input.note,
            },
          }),
        ),
      ),
      fetchContent: fromPromise(({ input }) =>
        found(api.GET('/api/attachments/{id}/content', { params: { path: { id: input.id } }, parseAs: 'arrayBuffer' })),
      ),
      deleteAttachment: fromPromise(async ({ input }) => {
        await found(api.DELETE('/api/attachments/{id}', { params: { path: { id: input.id } } }));
      }),
    },
    actions: {
      notifySuccess: feedback.notifySuccess,
      saveFile: (_, { fileName, bytes }) => saveBytes(fileName, bytes),
      logError: feedback.logError,
    },
  });
