import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { formatFileSize } from '../../domain/attachments/format.ts';
import { MAX_NOTE_LENGTH } from '../../domain/attachments/rules.ts';
import { FileDrop } from '../kit/FileDrop.tsx';
import { OpportunityChoice } from '../kit/choices/OpportunityChoice.tsx';
import type { LibraryActor } from './library.ts';

/** Choosing a file (by its button or by dropping it), the optional link and note, and Upload. */
export function UploadForm({ library }: { library: LibraryActor }) {
  const ids = { title: useId(), note: useId() };
  const file = useSelector(library, (state) => state.context.draft.file);
  const opportunityId = useSelector(library, (state) => state.context.draft.opportunityId);
  const note = useSelector(library, (state) => state.context.draft.note);
  const problem = useSelector(library, (state) => state.context.problem);
  const uploading = useSelector(library, (state) => state.matches({ library: { work: 'uploading' } }));
  const canEdit = useSelector(library, (state) => state.can({ type: 'upload.clear' }));
  return (
    <section className="card attachments__upload" aria-labelledby={ids.title}>
      <h2 id={ids.title}>Upload a file</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          library.send({ type: 'upload.submit' });
        }}
      >
        <FileDrop hint="Drop a file here (up to 5 MB), or" disabled={!canEdit} onChoose={(chosen) => library.send({ type: 'upload.choose', file: chosen })}>
          {file ? (
            <p className="attachments__chosen">
              <span className="attachments__chosen-name">{file.name}</span> <span className="attachments__muted">({formatFileSize(file.size)})</span>{' '}
              <button type="button" className="button button--ghost" disabled={!canEdit} onClick={() => library.send({ type: 'upload.clear' })}>
                Remove
              </button>
            </p>
          ) : null}
        </FileDrop>
        {problem ? (
          <p className="form-error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="attachments__fields">
          <OpportunityChoice
            label="Linked opportunity (optional)"
            none="None"
            value={opportunityId === null ? '' : String(opportunityId)}
            disabled={!canEdit}
            onChange={(value) => library.send({ type: 'upload.change', patch: { opportunityId: value === '' ? null : Number(value) } })}
          />
          <div className="field">
            <label htmlFor={ids.note}>Note (optional)</label>
            <input
              id={ids.note}
              type="text"
              value={note}
              maxLength={MAX_NOTE_LENGTH}
              disabled={!canEdit}
              onChange={(event) => library.send({ type: 'upload.change', patch: { note: event.target.value } })}
            />
          </div>
        </div>
        <div className="attachments__actions">
          <button type="submit" className="button" disabled={!canEdit}>
            {uploading ? 'Uploading...' : 'Upload'}
          </button>
          <span role="status" className="attachments__muted">
            {uploading && file ? `Uploading ${file.name}...` : ''}
          </span>
        </div>
      </form>
    </section>
  );
}
