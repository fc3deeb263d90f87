import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { Link, useLocation } from 'wouter';
import type { Actor } from 'xstate';
import { IMPORT_FIELDS, importCounts, mappingProblem, type ImportKind } from '../../domain/csv/imports.ts';
import type { csvImportMachine } from '../../machines/csv-import.ts';
import { csvImportFlow } from '../../wiring/csv-import.ts';
import { Dialog } from '../kit/Dialog.tsx';
import { FileDrop } from '../kit/FileDrop.tsx';
import { LoadNotice } from '../kit/LoadNotice.tsx';
import { Spinner } from '../kit/Spinner.tsx';
import { SalespersonChoice } from '../kit/choices/SalespersonChoice.tsx';
import { useFlow } from '../kit/services.tsx';
import '../kit/lists.css';
import './import.css';

type ImportActor = Actor<typeof csvImportMachine>;

/** Each route's import, and where its list is. */
const KINDS: Record<string, { kind: ImportKind; title: string; list: string; noun: string }> = {
  '/import-Opportunity': { kind: 'opportunities', title: 'Import opportunities', list: '/opportunity', noun: 'opportunity list' },
  '/import-Customer': { kind: 'customers', title: 'Import customers', list: '/customer', noun: 'customer list' },
};

// Showing tens of thousands of rows would stall the page; the problem file holds them all.
const SHOWN_PROBLEMS = 500;
const SHOWN_VALID = 20;

const localDay = (now: Date) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** /import-Opportunity and /import-Customer: a CSV file in, through its columns, a preview of every row, and a confirmed import. */
export default function ImportScreen() {
  const [location] = useLocation();
  const page = KINDS[location] ?? KINDS['/import-Opportunity']!;
  const flow = useFlow(csvImportFlow, ({ tenantId }) => ({ kind: page.kind, tenantId, today: localDay(new Date()) }));
  const phase = useSelector(flow, (state) => state.value as string);
  return (
    <section className="import" aria-labelledby="import-title">
      <div className="screen-header">
        <h1 id="import-title">{page.title}</h1>
        <div className="screen-header__actions">
          <Link href={page.list} className="button button--secondary">
            Back to the {page.noun}
          </Link>
        </div>
      </div>
      <ol className="import__steps" aria-label="Steps">
        {['Choose a file', 'Match the columns', 'Check the rows', 'Import'].map((step, index) => (
          <li key={step} aria-current={stepOf(phase) === index ? 'step' : undefined}>
            {step}
          </li>
        ))}
      </ol>
      {phase === 'loading' || phase === 'loadFailed' ? (
        <LoadNotice phase={phase === 'loading' ? 'loading' : 'failed'} what="salespersons and customers" onRetry={() => flow.send({ type: 'retry' })} />
      ) : null}
      {phase === 'upload' || phase === 'reading' ? <Upload flow={flow} /> : null}
      {phase === 'mapping' ? <Mapping flow={flow} /> : null}
      {phase === 'previewing' || phase === 'confirming' ? <Preview flow={flow} /> : null}
      {phase === 'confirming' ? <Confirmation flow={flow} /> : null}
      {phase === 'importing' || phase === 'failed' ? <Progress flow={flow} /> : null}
      {phase === 'done' ? <Report flow={flow} list={page.list} noun={page.noun} /> : null}
    </section>
  );
}

function stepOf(phase: string): number {
  return ({ upload: 0, reading: 0, mapping: 1, previewing: 2, confirming: 3, importing: 3, failed: 3, done: 3 } as Record<string, number>)[phase] ?? 0;
}

function Upload({ flow }: { flow: ImportActor }) {
  const problem = useSelector(flow, (state) => state.context.fileProblem);
  const reading = useSelector(flow, (state) => state.matches('reading'));
  return (
    <div className="card import__card">
      <FileDrop
        hint="Drop a CSV file here, or"
        buttonLabel="Choose a CSV file"
        accept=".csv,text/csv"
        disabled={reading}
        onChoose={(file) => flow.send({ type: 'file.choose', file })}
      />
      <p className="import__hint">
        Comma- or semicolon-separated, with a header row, as spreadsheets and other CRMs export it. The next step matches its columns.
      </p>
      {reading ? <Spinner label="Reading the file" /> : null}
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function Mapping({ flow }: { flow: ImportActor }) {
  const kind = useSelector(flow, (state) => state.context.kind);
  const header = useSelector(flow, (state) => state.context.file?.header ?? []);
  const fileName = useSelector(flow, (state) => state.context.file?.name ?? '');
  const encodingNotice = useSelector(flow, (state) => state.context.file?.encodingNotice ?? null);
  const mapping = useSelector(flow, (state) => state.context.mapping);
  const salespersons = useSelector(flow, (state) => state.context.tenant?.salespersons ?? []);
  const fallback = useSelector(flow, (state) => state.context.fallbackSalespersonId);
  const problem = mappingProblem(kind, mapping);
  return (
    <form
      className="card import__card"
      aria-label="Match the columns"
      onSubmit={(event) => {
        event.preventDefault();
        flow.send({ type: 'form.submit' });
      }}
    >
      {encodingNotice && (
        <p className="import__notice" role="status">
          {encodingNotice}
        </p>
      )}
      <p>
        Which column of <strong>{fileName}</strong> holds what? The guesses come from its header.
      </p>
      <div className="import__mapping">
        {IMPORT_FIELDS[kind].map((field) => (
          <ColumnChoice
            key={field.key}
            label={`${field.label}${field.required ? ' (required)' : ''}`}
            header={header}
            value={mapping[field.key] ?? null}
            onChange={(column) => flow.send({ type: 'mapping.change', field: field.key, column })}
          />
        ))}
        {kind === 'opportunities' ? (
          <SalespersonChoice
            label="Salesperson for rows naming none of yours"
            salespersons={salespersons}
            value={fallback === null ? '' : String(fallback)}
            none="None: such rows have a problem"
            onChange={(value) => flow.send({ type: 'fallback.change', salespersonId: value === '' ? null : Number(value) })}
          />
        ) : null}
      </div>
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="import__actions">
        <button type="submit" className="button" disabled={problem !== null}>
          Check the rows
        </button>
        <button type="button" className="button button--secondary" onClick={() => flow.send({ type: 'file.clear' })}>
          Choose another file
        </button>
      </div>
    </form>
  );
}

function ColumnChoice({ label, header, value, onChange }: { label: string; header: readonly string[]; value: number | null; onChange: (column: number | null) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}>
        <option value="">Not in the file</option>
        {header.map((name, index) => (
          <option key={index} value={index}>
            {name === '' ? `Column ${index + 1}` : name}
          </option>
        ))}
      </select>
    </div>
  );
}

function Preview({ flow }: { flow: ImportActor }) {
  const checked = useSelector(flow, (state) => state.context.checked);
  const header = useSelector(flow, (state) => state.context.file?.header ?? []);
  const { valid, invalid } = importCounts(checked);
  const problems = checked.filter((row) => row.problem !== null);
  const shown = [...problems.slice(0, SHOWN_PROBLEMS), ...checked.filter((row) => row.problem === null).slice(0, SHOWN_VALID)].sort((a, b) => a.row - b.row);
  return (
    <div className="card import__card">
      <p role="status" className="import__summary">
        {valid} {valid === 1 ? 'row' : 'rows'} can be imported; {invalid} {invalid === 1 ? 'row has' : 'rows have'} a problem and will be left out.
        {problems.length > SHOWN_PROBLEMS || valid > SHOWN_VALID ? ` Shown: every row with a problem up to ${SHOWN_PROBLEMS}, and the first ${SHOWN_VALID} without.` : ''}
      </p>
      <div className="import__actions">
        <button type="button" className="button" disabled={valid === 0} onClick={() => flow.send({ type: 'import.request' })}>
          Import {valid} {valid === 1 ? 'row' : 'rows'}
        </button>
        {invalid > 0 ? <DownloadProblems flow={flow} /> : null}
        <button type="button" className="button button--secondary" onClick={() => flow.send({ type: 'mapping.edit' })}>
          Change the columns
        </button>
        <button type="button" className="button button--ghost" onClick={() => flow.send({ type: 'file.clear' })}>
          Choose another file
        </button>
      </div>
      <div className="table-scroll" role="region" aria-label="Rows of the file" tabIndex={0}>
        <table className="table import__table">
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Problem</th>
              {header.map((name, index) => (
                <th scope="col" key={index}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.row} className={row.problem ? 'import__row--problem' : undefined}>
                <td>{row.row}</td>
                <td>{row.problem ?? 'Ready'}</td>
                {header.map((_, index) => (
                  <td key={index}>{row.cells[index] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Confirmation({ flow }: { flow: ImportActor }) {
  const { valid, invalid } = importCounts(useSelector(flow, (state) => state.context.checked));
  return (
    <Dialog title={`Import ${valid} ${valid === 1 ? 'row' : 'rows'}?`} onClose={() => flow.send({ type: 'import.cancel' })}>
      <p>
        {valid === 1 ? 'It is' : `All ${valid} are`} imported together, or none if anything goes wrong.
        {invalid > 0 ? ` The ${invalid} ${invalid === 1 ? 'row' : 'rows'} with a problem ${invalid === 1 ? 'is' : 'are'} left out.` : ''}
      </p>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={() => flow.send({ type: 'import.cancel' })}>
          Cancel
        </button>
        <button type="button" className="button" onClick={() => flow.send({ type: 'import.confirm' })}>
          Import
        </button>
      </div>
    </Dialog>
  );
}

function Progress({ flow }: { flow: ImportActor }) {
  const progress = useSelector(flow, (state) => state.context.progress);
  const failure = useSelector(flow, (state) => state.context.failure);
  const id = useId();
  return (
    <div className="card import__card">
      <label htmlFor={id}>Importing</label>
      <progress id={id} className="import__progress" max={progress.total} value={progress.done}>
        {progress.done} of {progress.total}
      </progress>
      <p role="status">
        {progress.done} of {progress.total} rows written
      </p>
      {failure ? (
        <div role="alert">
          <p className="form-error">{failure}</p>
          <div className="import__actions">
            <button type="button" className="button" onClick={() => flow.send({ type: 'retry' })}>
              Try again
            </button>
            <button type="button" className="button button--secondary" onClick={() => flow.send({ type: 'import.cancel' })}>
              Back to the rows
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function Report({ flow, list, noun }: { flow: ImportActor; list: string; noun: string }) {
  const imported = useSelector(flow, (state) => state.context.imported);
  const { invalid } = importCounts(useSelector(flow, (state) => state.context.checked));
  return (
    <div className="card import__card">
      <p className="import__summary" role="status">
        {imported} {imported === 1 ? 'row' : 'rows'} imported.
        {invalid > 0 ? ` ${invalid} ${invalid === 1 ? 'row was' : 'rows were'} left out for their problems.` : ''}
      </p>
      <div className="import__actions">
        <Link href={list} className="button">
          Open the {noun}
        </Link>
        {invalid > 0 ? <DownloadProblems flow={flow} /> : null}
        <button type="button" className="button button--secondary" onClick={() => flow.send({ type: 'import.again' })}>
          Import another file
        </button>
      </div>
    </div>
  );
}

/** The rows that cannot be imported, with their reasons, as a CSV file. */
function DownloadProblems({ flow }: { flow: ImportActor }) {
  return (
    <button type="button" className="button button--secondary" onClick={() => flow.send({ type: 'failed.download' })}>
      Download the rows with problems
    </button>
  );
}
