import { useSelector } from '@xstate/react';
import { format } from 'date-fns';
import { Link } from 'wouter';
import type { Attachment } from '../../machines/email-attachments.ts';
import { formatFileSize } from '../../domain/attachments/format.ts';
import { Dialog } from '../kit/Dialog.tsx';
import { SearchBox } from '../kit/SearchBox.tsx';
import { customerLabel } from '../kit/format.ts';
import type { LibraryActor } from './library.ts';

/** The search and the table of files, each with Download and Delete, and the delete confirmation. */
export function AttachmentList({ library }: { library: LibraryActor }) {
  const empty = useSelector(library, (state) => state.matches({ library: { list: 'empty' } }));
  const visible = useSelector(library, (state) => state.context.visible);
  const total = useSelector(library, (state) => state.context.attachments.length);

  if (empty) {
    return (
      <p className="card notice" role="status">
        There are no e-mail attachments yet.
      </p>
    );
  }
  return (
    <section className="attachments__library" aria-label="Attachments">
      <div className="list-toolbar attachments__toolbar">
        <SearchBox list={library} label="Search attachments by file name, note, customer, uploader or type" />
        <span className="attachments__muted" aria-live="polite">
          {visible.length === total ? `${total} ${total === 1 ? 'file' : 'files'}` : `${visible.length} of ${total} files`}
        </span>
      </div>
      {visible.length === 0 ? (
        <p className="card notice" role="status">
          No attachment matches the search.
        </p>
      ) : (
        <div className="card table-scroll attachments__table" tabIndex={0} role="region" aria-label="Attachments table">
          <table className="table table--cards attachments__list">
            <thead>
              <tr>
                <th scope="col">File name</th>
                <th scope="col">Size</th>
                <th scope="col">Type</th>
                <th scope="col">Opportunity</th>
                <th scope="col">Uploaded by</th>
                <th scope="col">Date</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {visible.map((attachment) => (
                <AttachmentRow key={attachment.id} attachment={attachment} library={library} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <DeleteConfirmation library={library} />
    </section>
  );
}

function AttachmentRow({ attachment, library }: { attachment: Attachment; library: LibraryActor }) {
  const idle = useSelector(library, (state) => state.matches({ library: { work: 'idle' } }));
  const downloading = useSelector(library, (state) => state.matches({ library: { work: 'downloading' } }) && state.context.targetId === attachment.id);
  return (
    <tr>
      <th scope="row" className="attachments__name">
        {attachment.file_name}
        {attachment.note ? <span className="attachments__note">{attachment.note}</span> : null}
      </th>
      <td className="attachments__number">{formatFileSize(attachment.size_bytes)}</td>
      <td className="attachments__type">
        <MediaType value={attachment.media_type} />
      </td>
      <td>
        {attachment.opportunity_id === null ? (
          '—'
        ) : (
          <Link href={`/opportunity/${attachment.opportunity_id}`}>{customerLabel(attachment.opportunity_customer ?? '')}</Link>
        )}
      </td>
      <td>{attachment.uploaded_by_name}</td>
      <td className="attachments__date">{format(new Date(attachment.created_at), 'yyyy.MM.dd HH:mm')}</td>
      <td>
        <div className="attachments__row-actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={!idle}
          aria-label={`Download ${attachment.file_name}`}
          onClick={() => library.send({ type: 'attachment.download', id: attachment.id })}
        >
          {downloading ? 'Downloading...' : 'Download'}
        </button>
        <button
          type="button"
          className="button button--ghost attachments__delete"
          disabled={!idle}
          aria-label={`Delete ${attachment.file_name}`}
          onClick={() => library.send({ type: 'attachment.delete', id: attachment.id })}
        >
          Delete
        </button>
        </div>
      </td>
    </tr>
  );
}

/** A media type that may wrap after its slash only: 'application/' over 'pdf', never 'applicati' over 'on/pdf'. */
function MediaType({ value }: { value: string }) {
  const slash = value.indexOf('/');
  if (slash < 0) return <>{value}</>;
  return (
    <>
      {value.slice(0, slash + 1)}
      <wbr />
      {value.slice(slash + 1)}
    </>
  );
}

function DeleteConfirmation({ library }: { library: LibraryActor }) {
  const confirming = useSelector(library, (state) => state.matches({ library: { work: 'confirmingDelete' } }));
  const deleting = useSelector(library, (state) => state.matches({ library: { work: 'deleting' } }));
  const fileName = useSelector(library, (state) => state.context.attachments.find((a) => a.id === state.context.targetId)?.file_name ?? '');
  if (!confirming && !deleting) return null;
  return (
    <Dialog title="Delete attachment" onClose={() => library.send({ type: 'delete.cancel' })}>
      <p>
        Delete <strong>{fileName}</strong>? It cannot be brought back.
      </p>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" disabled={deleting} onClick={() => library.send({ type: 'delete.cancel' })}>
          Cancel
        </button>
        <button type="button" className="button attachments__confirm-delete" disabled={deleting} onClick={() => library.send({ type: 'delete.confirm' })}>
          {deleting ? 'Deleting...' : 'Delete'}
        </button>
      </div>
    </Dialog>
  );
}
