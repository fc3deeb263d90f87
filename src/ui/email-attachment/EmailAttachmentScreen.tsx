import { useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import toast from 'react-hot-toast';
import { found } from '../../api/client.ts';
import { opportunityChoices } from '../../domain/attachments/choices.ts';
import { emailAttachmentsMachine } from '../../machines/email-attachments.ts';
import { inspection } from '../../platform/inspector.ts';
import { useServices, useSession } from '../kit/services.tsx';
import { LoadNotice } from '../kit/LoadNotice.tsx';
import { AttachmentList } from './AttachmentList.tsx';
import { UploadForm } from './UploadForm.tsx';
import { readAsBase64, saveBytes } from './browser-files.ts';
import '../kit/lists.css';
import './email-attachment.css';

/**
 * /email-attachment: the tenant's library of files received or sent by e-mail
 * (quotes, contracts, specs), each optionally linked to one of this year's opportunities.
 */
export default function EmailAttachmentScreen() {
  const { api } = useServices();
  const tenantId = useSession((state) => Number(state.context.profile?.tenant_id || 0));
  const [logic] = useState(() =>
    emailAttachmentsMachine.provide({
      actors: {
        loadLibrary: fromPromise(async ({ input }) => {
          const [attachments, opportunities] = await Promise.all([
            found(api.GET('/api/attachments/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId } } })),
            found(api.POST('/api/opportunities/anlaysis', { body: { year: new Date().getFullYear(), tenantId: input.tenantId } })),
          ]);
          return { attachments, opportunities: opportunityChoices(opportunities) };
        }),
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
        notifySuccess: (_, { message }) => void toast.success(message),
        saveFile: (_, { fileName, bytes }) => saveBytes(fileName, bytes),
        logError: (_, { error }) => console.error(error),
      },
    }),
  );
  const library = useActorRef(logic, { input: { tenantId }, inspect: inspection() });
  const loading = useSelector(library, (state) => state.hasTag('loading'));
  const failed = useSelector(library, (state) => state.matches('failed'));

  return (
    <section className="attachments" aria-labelledby="attachments-title">
      <div className="screen-header">
        <h1 id="attachments-title">E-mail attachments</h1>
      </div>
      <LoadNotice
        phase={loading ? 'loading' : failed ? 'failed' : 'ready'}
        what="e-mail attachments"
        onRetry={() => library.send({ type: 'library.reload' })}
      />
      {!loading && !failed ? (
        <>
          <UploadForm library={library} />
          <AttachmentList library={library} />
        </>
      ) : null}
    </section>
  );
}
