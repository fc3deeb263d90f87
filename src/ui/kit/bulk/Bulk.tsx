import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { Actor } from 'xstate';
import type { ExportKind } from '../../../domain/csv/exports.ts';
import { BULK_CHANGES, mayChangeInBulk } from '../../../domain/csv/permissions.ts';
import { allChosen } from '../../../domain/lists/selection.ts';
import type { bulkActionsMachine, ExportFilters } from '../../../machines/bulk-actions.ts';
import { bulkActionsFlow } from '../../../wiring/bulk-actions.ts';
import { Dialog } from '../Dialog.tsx';
import { SalespersonChoice } from '../choices/SalespersonChoice.tsx';
import { useFlow, useMissingParts } from '../services.tsx';
import '../styles.ts';

type BulkActor = Actor<typeof bulkActionsMachine>;

const BulkContext = createContext<BulkActor | null>(null);
const CSV_PART = ['csv'] as const;

/** Where each list's import lives, for the lists that have one. */
const IMPORTS: Partial<Record<ExportKind, string>> = { opportunities: '/import-Opportunity', customers: '/import-Customer' };

interface BulkSelectionProps {
  kind: ExportKind;
  /** Called after rows were changed or deleted, so the list loads again. */
  onChanged?: () => void;
  /** A selection the list keeps itself (the user list's); otherwise the row boxes below keep it. */
  selected?: readonly number[];
  children: ReactNode;
}

/**
 * Selection and bulk actions for a list, plugged in around its table: the list
 * renders SelectPageHeader and SelectRowCell in its table and BulkBar above it.
 * Shown only when the API offers the csv part.
 */
export function BulkSelection({ kind, onChanged, selected, children }: BulkSelectionProps) {
  const missing = useMissingParts(CSV_PART);
  if (missing === undefined || missing.length > 0) return <>{children}</>;
  return (
    <BulkFlow kind={kind} onChanged={onChanged} selected={selected}>
      {children}
    </BulkFlow>
  );
}

function BulkFlow({ kind, onChanged, selected, children }: BulkSelectionProps) {
  const bulk = useFlow(bulkActionsFlow, ({ tenantId, roleId }) => ({ kind, tenantId, mayChange: mayChangeInBulk(roleId) }));
  const revision = useSelector(bulk, (state) => state.context.revision);
  const changed = useRef(onChanged);
  changed.current = onChanged;
  useEffect(() => {
    if (revision > 0) changed.current?.();
  }, [revision]);
  useEffect(() => {
    if (selected) bulk.send({ type: 'selection.replace', ids: selected });
  }, [bulk, selected]);
  return <BulkContext.Provider value={bulk}>{children}</BulkContext.Provider>;
}

/** The header cell that chooses (or lets go of) every row of the page shown. */
export function SelectPageHeader({ ids, label }: { ids: readonly number[]; label: string }) {
  const bulk = useContext(BulkContext);
  const all = useSelector(bulk ?? undefined, (state) => state !== undefined && allChosen(new Set(state.context.selected), ids));
  if (!bulk) return null;
  return (
    <th scope="col" className="bulk__select">
      <input type="checkbox" aria-label={label} checked={all} disabled={ids.length === 0} onChange={() => bulk.send({ type: 'selection.page.toggle', ids })} />
    </th>
  );
}

/** A row's box, labelled with what the row is. */
export function SelectRowCell({ id, label }: { id: number | null; label: string }) {
  const bulk = useContext(BulkContext);
  const checked = useSelector(bulk ?? undefined, (state) => state !== undefined && id !== null && state.context.selected.includes(id));
  if (!bulk) return null;
  return (
    <td className="bulk__select">
      {id === null ? null : <input type="checkbox" aria-label={`Select ${label}`} checked={checked} onChange={() => bulk.send({ type: 'selection.toggle', id })} />}
    </td>
  );
}

/** The actions: export what the list shows or what is chosen, import, reassign and delete where the role allows. */
export function BulkBar({ filters }: { filters: ExportFilters }) {
  const bulk = useContext(BulkContext);
  if (!bulk) return null;
  return <Bar bulk={bulk} filters={filters} />;
}

function Bar({ bulk, filters }: { bulk: BulkActor; filters: ExportFilters }) {
  const kind = useSelector(bulk, (state) => state.context.kind);
  const count = useSelector(bulk, (state) => state.context.selected.length);
  const mayChange = useSelector(bulk, (state) => state.context.mayChange);
  const busy = useSelector(bulk, (state) => state.hasTag('busy'));
  const canExportSelected = useSelector(bulk, (state) => state.can({ type: 'export.selected', filters }));
  const canReassign = useSelector(bulk, (state) => state.can({ type: 'reassign.open' }));
  const canDelete = useSelector(bulk, (state) => state.can({ type: 'delete.open' }));
  const offersReassign = mayChange && BULK_CHANGES[kind].reassign;
  const offersDelete = mayChange && BULK_CHANGES[kind].delete;
  const reassigning = useSelector(bulk, (state) => state.matches('reassigning'));
  const deleting = useSelector(bulk, (state) => state.matches('deleting'));
  const importRoute = IMPORTS[kind];
  return (
    <div className="bulk-bar" role="toolbar" aria-label="Export and actions on chosen rows">
      {BULK_CHANGES[kind].choose ? (
        <span className="bulk-bar__count" role="status">
          {count === 0 ? 'No rows chosen' : `${count} chosen`}
        </span>
      ) : null}
      <button type="button" className="button button--secondary" disabled={busy} onClick={() => bulk.send({ type: 'export.all', filters })}>
        Export CSV
      </button>
      {BULK_CHANGES[kind].choose ? (
        <button type="button" className="button button--secondary" disabled={!canExportSelected} onClick={() => bulk.send({ type: 'export.selected', filters })}>
          Export chosen
        </button>
      ) : null}
      {offersReassign ? (
        <button type="button" className="button button--secondary" disabled={!canReassign} onClick={() => bulk.send({ type: 'reassign.open' })}>
          Reassign…
        </button>
      ) : null}
      {offersDelete ? (
        <button type="button" className="button button--secondary bulk-bar__delete" disabled={!canDelete} onClick={() => bulk.send({ type: 'delete.open' })}>
          Delete…
        </button>
      ) : null}
      {count > 0 ? (
        <button type="button" className="button button--ghost" onClick={() => bulk.send({ type: 'selection.clear' })}>
          Clear choice
        </button>
      ) : null}
      {mayChange && importRoute ? (
        <Link href={importRoute} className="button button--ghost bulk-bar__import">
          Import CSV
        </Link>
      ) : null}
      {reassigning ? <ReassignDialog bulk={bulk} /> : null}
      {deleting ? <DeleteDialog bulk={bulk} /> : null}
    </div>
  );
}

function ReassignDialog({ bulk }: { bulk: BulkActor }) {
  const count = useSelector(bulk, (state) => state.context.selected.length);
  const salespersons = useSelector(bulk, (state) => state.context.salespersons);
  const chosen = useSelector(bulk, (state) => state.context.salespersonId);
  const loading = useSelector(bulk, (state) => state.matches({ reassigning: 'loading' }));
  const failed = useSelector(bulk, (state) => state.matches({ reassigning: 'failed' }));
  const canConfirm = useSelector(bulk, (state) => state.can({ type: 'reassign.confirm' }));
  return (
    <Dialog title={`Reassign ${count} ${count === 1 ? 'opportunity' : 'opportunities'}`} onClose={() => bulk.send({ type: 'reassign.cancel' })}>
      {failed ? (
        <p className="form-error" role="alert">
          The salespersons could not be loaded.{' '}
          <button type="button" className="button button--ghost" onClick={() => bulk.send({ type: 'retry' })}>
            Try again
          </button>
        </p>
      ) : (
        <SalespersonChoice
          label="New salesperson"
          salespersons={salespersons}
          loading={loading}
          value={chosen === null ? '' : String(chosen)}
          placeholder="Choose a salesperson"
          onChange={(value) => bulk.send({ type: 'reassign.change', salespersonId: value === '' ? null : Number(value) })}
        />
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={() => bulk.send({ type: 'reassign.cancel' })}>
          Cancel
        </button>
        <button type="button" className="button" disabled={!canConfirm} onClick={() => bulk.send({ type: 'reassign.confirm' })}>
          Reassign
        </button>
      </div>
    </Dialog>
  );
}

function DeleteDialog({ bulk }: { bulk: BulkActor }) {
  const count = useSelector(bulk, (state) => state.context.selected.length);
  const saving = useSelector(bulk, (state) => state.hasTag('busy'));
  return (
    <Dialog title={`Delete ${count} ${count === 1 ? 'row' : 'rows'}?`} onClose={() => bulk.send({ type: 'delete.cancel' })}>
      <p>{count === 1 ? 'It is' : `All ${count} are`} deleted together, and cannot be brought back.</p>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" disabled={saving} onClick={() => bulk.send({ type: 'delete.cancel' })}>
          Cancel
        </button>
        <button type="button" className="button" disabled={saving} onClick={() => bulk.send({ type: 'delete.confirm' })}>
          Delete
        </button>
      </div>
    </Dialog>
  );
}
