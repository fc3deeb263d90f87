import type { FormEvent, ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { ACTIVITY_KINDS } from '../../domain/activities/activity.ts';
import type { ActivityForm } from '../../domain/activities/editor.ts';
import { EVENT_LIMITS, startDateChange } from '../../domain/calendar/event-form.ts';
import { MAX_NOTE_LENGTH, type QuickEventForm } from '../../domain/records/record-page.ts';
import { hasUnsavedInput, type RecordPageMachine } from '../../machines/record-page.ts';
import { Dialog } from '../kit/Dialog.tsx';
import { LoadNotice } from '../kit/LoadNotice.tsx';
import { NotFound } from '../kit/NotFound.tsx';
import { InputField, SelectField, TextAreaField } from '../kit/form/fields.tsx';
import { OpportunityChoice } from '../kit/choices/OpportunityChoice.tsx';
import { SalespersonChoice } from '../kit/choices/SalespersonChoice.tsx';
import { problemOf } from '../../domain/rules/problems.ts';
import { LeaveDialog } from '../kit/record-editor/RecordEditorFrame.tsx';
import { useLeaveGuard } from '../kit/use-leave-guard.ts';
import { Timeline } from './Timeline.tsx';
import './records.css';

export type RecordPageActor<Summary> = ActorRefFrom<RecordPageMachine<Summary>>;

/**
 * A record page: loading, failed with 'Try again', not found as the fallback page, or
 * the page (its header and figures, then the note box and the timeline); and the
 * question before leaving it with something unsaved.
 */
export function RecordPage<Summary>({
  page,
  what,
  showDeal,
  noDealHint,
  children,
}: {
  page: RecordPageActor<Summary>;
  /** What loads, for the notices: 'the opportunity'. */
  what: string;
  /** Whether each timeline entry names its deal (a customer's page shows several). */
  showDeal: boolean;
  /** Why nothing can be added from the page while it has no deal. */
  noDealHint?: string;
  /** What the page shows above the note box: its header (`RecordHeader`) and more. */
  children: (summary: Summary) => ReactNode;
}) {
  const phase = useSelector(page, (state) => (state.hasTag('loading') ? 'loading' : state.hasTag('failed') ? 'failed' : state.hasTag('notFound') ? 'notFound' : 'ready'));
  const summary = useSelector(page, (state) => state.context.summary);
  const unsaved = useSelector(page, (state) => state.matches('ready') && hasUnsavedInput(state.context));
  const askingToLeave = useSelector(page, (state) => state.hasTag('askingToLeave'));
  useLeaveGuard(unsaved, (to) => page.send({ type: 'leave.request', to }));

  if (phase === 'notFound') return <NotFound />;
  if (phase !== 'ready' || summary === null) {
    return (
      <section className="record-page">
        <LoadNotice phase={phase === 'failed' ? 'failed' : 'loading'} what={what} empty="" onRetry={() => page.send({ type: 'retry' })} />
      </section>
    );
  }
  return (
    <>
      <section className="record-page" aria-labelledby="record-page-title">
        {children(summary)}
        <div className="record-page__body">
          <Composer page={page} noDealHint={noDealHint} />
          <TimelineSection page={page} showDeal={showDeal} />
        </div>
      </section>
      {askingToLeave ? <LeaveDialog onStay={() => page.send({ type: 'leave.cancel' })} onLeave={() => page.send({ type: 'leave.confirm' })} /> : null}
    </>
  );
}

/** A record page's header: the way back to its list, its name, Edit, and its figures (`Figure`s). */
export function RecordHeader({
  list,
  current,
  title,
  subtitle,
  editHref,
  figures,
  children,
}: {
  list: { href: string; label: string };
  /** The record in the breadcrumb. */
  current: ReactNode;
  title: string;
  subtitle?: ReactNode;
  editHref: string;
  figures: ReactNode;
  /** What follows the figures, if anything. */
  children?: ReactNode;
}) {
  return (
    <header className="record-page__header">
      <nav aria-label="Breadcrumb" className="record-page__crumbs">
        <Link href={list.href}>{list.label}</Link> / <span aria-current="page">{current}</span>
      </nav>
      <div className="screen-header">
        <div>
          <h1 id="record-page-title">{title}</h1>
          {subtitle ? <p className="record-page__subtitle">{subtitle}</p> : null}
        </div>
        <Link href={editHref} className="button">
          Edit
        </Link>
      </div>
      <dl className="card record-page__figures">{figures}</dl>
      {children}
    </header>
  );
}

/** A figure at the top of a record page: a label and its value. */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="record-page__figure">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The note box and the buttons that add an activity or an event, above the timeline. */
function Composer<Summary>({ page, noDealHint }: { page: RecordPageActor<Summary>; noDealHint?: string }) {
  const note = useSelector(page, (state) => state.context.note);
  const problem = useSelector(page, (state) => state.context.noteProblem);
  const saving = useSelector(page, (state) => state.hasTag('savingNote'));
  const canAdd = useSelector(page, (state) => state.can({ type: 'quickAdd.open', kind: 'activity' }));
  const quickAddOpen = useSelector(page, (state) => state.hasTag('quickAddOpen'));

  function submit(event: FormEvent) {
    event.preventDefault();
    page.send({ type: 'note.submit' });
  }

  return (
    <div className="card record-page__composer">
      <form onSubmit={submit} noValidate aria-busy={saving}>
        <TextAreaField
          label="Note"
          value={note}
          rows={3}
          maxLength={MAX_NOTE_LENGTH}
          problem={problem ?? undefined}
          onChange={(value) => page.send({ type: 'note.change', value })}
        />
        <div className="record-page__composer-actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? 'Saving...' : 'Add note'}
          </button>
        </div>
      </form>
      <div className="record-page__quick-adds">
        <button type="button" className="button button--secondary" disabled={!canAdd} onClick={() => page.send({ type: 'quickAdd.open', kind: 'activity' })}>
          Add activity
        </button>
        <button type="button" className="button button--secondary" disabled={!canAdd} onClick={() => page.send({ type: 'quickAdd.open', kind: 'event' })}>
          Add event
        </button>
      </div>
      {!canAdd && !quickAddOpen && noDealHint ? <p className="field__hint">{noDealHint}</p> : null}
      {quickAddOpen ? <QuickAddDialog page={page} /> : null}
    </div>
  );
}

/** Adding an activity or an event without leaving the page; closing it with changes asks first. */
function QuickAddDialog<Summary>({ page }: { page: RecordPageActor<Summary> }) {
  const quickAdd = useSelector(page, (state) => state.context.quickAdd);
  const choices = useSelector(page, (state) => state.context.choices);
  const saving = useSelector(page, (state) => state.hasTag('savingQuickAdd'));
  const askingToClose = useSelector(page, (state) => state.hasTag('askingToClose'));
  const problems = useSelector(page, (state) => state.context.quickAddProblems);
  if (!quickAdd) return null;
  const problem = (field: string) => problemOf(problems, field);
  const close = () => page.send({ type: 'quickAdd.close' });
  const change = (patch: Partial<ActivityForm> | Partial<QuickEventForm>) => page.send({ type: 'quickAdd.change', patch });
  const opportunities = choices.opportunities.map((deal) => ({ value: String(deal.id), label: deal.label }));

  if (askingToClose) {
    return <LeaveDialog onStay={() => page.send({ type: 'quickAdd.keep' })} onLeave={() => page.send({ type: 'quickAdd.discard' })} />;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    page.send({ type: 'quickAdd.submit' });
  }

  const { form } = quickAdd;
  return (
    <Dialog title={quickAdd.kind === 'activity' ? 'Add activity' : 'Add event'} onClose={close}>
      <form onSubmit={submit} noValidate aria-busy={saving}>
        <fieldset className="dialog__grid record-page__dialog-fields" disabled={saving}>
          {quickAdd.kind === 'activity' ? (
            <>
              <SelectField
                label="Kind"
                value={quickAdd.form.kind}
                options={ACTIVITY_KINDS.map((kind) => ({ value: kind.kind, label: kind.label }))}
                onChange={(kind) => change({ kind: kind as ActivityForm['kind'] })}
              />
              <InputField label="Subject" problem={problem('subject')} value={quickAdd.form.subject} onChange={(subject) => change({ subject })} required maxLength={200} />
              <InputField label="Due date" problem={problem('dueDate')} type="date" value={quickAdd.form.dueDate} onChange={(dueDate) => change({ dueDate })} required />
              <InputField label="Due time" problem={problem('dueTime')} type="time" value={quickAdd.form.dueTime} onChange={(dueTime) => change({ dueTime })} required />
            </>
          ) : (
            <>
              <InputField label="Title" problem={problem('title')} value={quickAdd.form.title} onChange={(title) => change({ title })} required wide maxLength={EVENT_LIMITS.title} />
              <InputField
                label="Date" problem={problem('startDate')}
                type="date"
                value={quickAdd.form.startDate}
                onChange={(startDate) => change(startDateChange(quickAdd.form, startDate))}
                required
                wide
              />
              <InputField label="Start time" problem={problem('startTime')} type="time" value={quickAdd.form.startTime} onChange={(startTime) => change({ startTime })} required />
              <InputField label="End time" problem={problem('endTime')} type="time" value={quickAdd.form.endTime} onChange={(endTime) => change({ endTime })} required />
            </>
          )}
          <SalespersonChoice
            salespersons={choices.salespersons}
            problem={problem('salespersonId')}
            value={form.salespersonId}
            onChange={(salespersonId) => change({ salespersonId })}
            {...(quickAdd.kind === 'activity' ? { placeholder: 'Choose a salesperson' } : { none: 'Nobody' })}
          />
          {opportunities.length > 1 ? (
            <OpportunityChoice among={opportunities} value={form.opportunityId} onChange={(opportunityId) => change({ opportunityId })} />
          ) : null}
        </fieldset>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={close} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The timeline under its heading, with its states: empty, and older entries on request. */
function TimelineSection<Summary>({ page, showDeal }: { page: RecordPageActor<Summary>; showDeal: boolean }) {
  const entries = useSelector(page, (state) => state.context.timeline.entries);
  const hasMore = useSelector(page, (state) => state.context.timeline.hasMore);
  const loadingMore = useSelector(page, (state) => state.hasTag('loadingMore'));
  return (
    <section className="record-page__timeline" aria-labelledby="timeline-title">
      <h2 id="timeline-title">Timeline</h2>
      {entries.length === 0 ? <p className="card notice">Nothing has happened here yet.</p> : <Timeline entries={entries} showDeal={showDeal} />}
      {hasMore ? (
        <button type="button" className="button button--secondary record-page__more" disabled={loadingMore} onClick={() => page.send({ type: 'timeline.more' })}>
          {loadingMore ? 'Loading...' : 'Show older'}
        </button>
      ) : null}
    </section>
  );
}
