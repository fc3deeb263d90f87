import { useSelector } from '@xstate/react';
import { emailAttachmentsFlow } from '../../wiring/email-attachments.ts';
import { useFlow } from '../kit/services.tsx';
import { LoadNotice } from '../kit/LoadNotice.tsx';
import { AttachmentList } from './AttachmentList.tsx';
import { UploadForm } from './UploadForm.tsx';
import '../kit/lists.css';
import './email-attachment.css';

/**
 * /email-attachment: the tenant's library of files received or sent by e-mail
 * (quotes, contracts, specs), each optionally linked to one of this year's opportunities.
 */
export default function EmailAttachmentScreen() {
  const library = useFlow(emailAttachmentsFlow, ({ tenantId }) => ({ tenantId }));
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
