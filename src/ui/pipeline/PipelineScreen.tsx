import { useMemo, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { groupByStage, type StageColumn } from '../../domain/opportunities/pipeline.ts';
import { opportunityYearMachine } from '../../machines/opportunity-year.ts';
import { inspection } from '../../platform/inspector.ts';
import { useServices, useSession } from '../kit/services.tsx';
import { customerLabel, formatUnits, stageLabel } from '../kit/format.ts';
import { loadYearFrom } from '../../wiring/load-year.ts';
import { YearNotice } from '../kit/StateNotices.tsx';
import { YearSelect } from '../kit/YearSelect.tsx';
import '../kit/lists.css';
import './pipeline.css';

/** /pipeline: a year's opportunities on a board, one column per stage, read-only. */
export default function PipelineScreen() {
  const { api } = useServices();
  const tenantId = useSession((state) => Number(state.context.profile?.tenant_id || 0));
  const [logic] = useState(() =>
    opportunityYearMachine.provide({
      actors: { loadYear: loadYearFrom(api) },
      actions: { logError: (_, { error }) => console.error(error) },
    }),
  );
  const pipeline = useActorRef(logic, { input: { tenantId, year: new Date().getFullYear() }, inspect: inspection() });
  const phase = useSelector(pipeline, (state) => state.value);
  const year = useSelector(pipeline, (state) => state.context.year);
  const rows = useSelector(pipeline, (state) => state.context.rows);
  const columns = useMemo(() => groupByStage(rows), [rows]);

  return (
    <section className="pipeline" aria-labelledby="pipeline-title">
      <div className="screen-header">
        <h1 id="pipeline-title">Pipeline</h1>
        <YearSelect year={year} onChange={(next) => pipeline.send({ type: 'year.change', year: next })} />
      </div>
      {phase === 'ready' ? (
        <div className="pipeline__board">
          {columns.map((column) => (
            <StageColumnView key={column.stage} column={column} />
          ))}
        </div>
      ) : (
        <YearNotice phase={phase} year={year} what="pipeline" onRetry={() => pipeline.send({ type: 'data.retry' })} />
      )}
    </section>
  );
}

function StageColumnView({ column }: { column: StageColumn }) {
  const headingId = `stage-${column.stage.replace(/\s+/g, '-')}`;
  const more = column.count - column.cards.length;
  return (
    <section className="pipeline__column" aria-labelledby={headingId}>
      <header className="pipeline__column-header">
        <h2 id={headingId}>{stageLabel(column.stage)}</h2>
        <dl className="pipeline__stats">
          <div>
            <dt>Opportunities</dt>
            <dd>{column.count}</dd>
          </div>
          <div>
            <dt>Weighted</dt>
            <dd>{formatUnits(column.weightedUnits)}</dd>
          </div>
        </dl>
      </header>
      {column.count === 0 ? (
        <p className="pipeline__none">None this year.</p>
      ) : (
        <ol className="pipeline__cards" aria-label={`Largest ${stageLabel(column.stage).toLowerCase()} opportunities`}>
          {column.cards.map((card) => (
            <li key={card.id} className="pipeline__card">
              <Link href={`/edit-Opportunity/${card.id}`} className="pipeline__customer">
                {customerLabel(card.customer)}
              </Link>
              <span className="pipeline__revenue">
                {formatUnits(card.revenueUnits)} at {card.probability}%
              </span>
              <span className="pipeline__meta">{card.salespersonName}</span>
            </li>
          ))}
        </ol>
      )}
      {more > 0 ? <p className="pipeline__more">and {more} more</p> : null}
    </section>
  );
}
