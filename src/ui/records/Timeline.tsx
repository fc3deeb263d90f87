import { format } from 'date-fns';
import { Link } from 'wouter';
import { isActivityKind, kindLabel } from '../../domain/activities/activity.ts';
import { fieldLabel, type FieldChange, type TimelineEntry } from '../../domain/records/record-page.ts';
import { formatMoney } from '../../domain/money.ts';
import { stageLabel } from '../kit/format.ts';
import { useCurrency } from '../kit/services.tsx';


function when(iso: string, allDay?: boolean | null): string {
  return format(new Date(iso), allDay ? 'd MMM yyyy' : 'd MMM yyyy, HH:mm');
}

/** A value of a field change as people read it: stages by name, amounts in the tenant's currency. */
function valueText(field: string, value: string | null, currency: string): string {
  if (value === null || value === '') return 'nothing';
  if (field === 'stage') return stageLabel(value);
  if (field === 'revenue') return formatMoney(Number(value), currency);
  if (field === 'probability') return `${value} %`;
  return value;
}

function ChangeLines({ changes, action }: { changes: readonly FieldChange[]; action: string | null }) {
  const currency = useCurrency();
  if (changes.length === 0) return null;
  return (
    <ul className="timeline__changes">
      {changes.map((change) => (
        <li key={change.field}>
          <span className="timeline__field">{fieldLabel(change.field)}</span>{' '}
          {action === 'updated' ? (
            <>
              <del>{valueText(change.field, change.from, currency)}</del> → <ins>{valueText(change.field, change.to, currency)}</ins>
            </>
          ) : (
            valueText(change.field, action === 'deleted' ? change.from : change.to, currency)
          )}
        </li>
      ))}
    </ul>
  );
}

const ACTIONS: Record<string, string> = { created: 'created', updated: 'changed', deleted: 'deleted' };

function kindOf(entry: TimelineEntry): string {
  switch (entry.kind) {
    case 'activity':
      return entry.activity_kind && isActivityKind(entry.activity_kind) ? kindLabel(entry.activity_kind) : 'Activity';
    case 'event':
      return 'Event';
    case 'attachment':
      return 'Attachment';
    case 'note':
      return 'Note';
    default:
      return entry.by ?? 'Someone';
  }
}

/** The entry's kind, then what it is (a link to its editor where it has one). */
function Headline({ entry }: { entry: TimelineEntry }) {
  const opener = openerOf(entry);
  const title = entry.kind === 'change' ? `${ACTIONS[entry.action ?? ''] ?? entry.action} the ${entry.title}` : entry.kind === 'note' ? null : entry.title;
  return (
    <p className="timeline__headline">
      <span className="timeline__kind">{kindOf(entry)}</span> {opener && title ? <Link href={opener}>{title}</Link> : title}
      {entry.kind === 'activity' && entry.done ? <span className="timeline__done"> · done</span> : null}
    </p>
  );
}

function Detail({ entry }: { entry: TimelineEntry }) {
  if (entry.kind === 'note') return <p className="timeline__note">{entry.title}</p>;
  if (entry.kind === 'change') return <ChangeLines changes={entry.changes} action={entry.action} />;
  const parts = [
    entry.when ? (entry.kind === 'activity' ? `Due ${when(entry.when)}` : `On ${when(entry.when, entry.all_day)}`) : null,
    entry.by ? (entry.kind === 'attachment' ? `Uploaded by ${entry.by}` : entry.by) : null,
  ].filter(Boolean);
  return parts.length > 0 ? <p className="timeline__detail">{parts.join(' · ')}</p> : null;
}

/** Where an entry opens: its editor, or the attachment library; changes and notes stay on the page. */
function openerOf(entry: TimelineEntry): string | null {
  if (entry.kind === 'activity') return `/edit-Activity/${entry.id}`;
  if (entry.kind === 'event') return `/edit-Calendar/${entry.id}`;
  return null;
}

/**
 * A record's story, newest first: what happened, who did it and when. On a
 * customer's page each entry of one of its opportunities says which.
 */
export function Timeline({ entries, showDeal }: { entries: readonly TimelineEntry[]; showDeal: boolean }) {
  return (
    <ol className="timeline">
      {entries.map((entry) => {
        return (
          <li key={`${entry.kind}:${entry.id}`} className={`timeline__entry timeline__entry--${entry.kind}`}>
            <div className="timeline__head">
              <Headline entry={entry} />
              <time className="timeline__time" dateTime={entry.at}>
                {when(entry.at)}
              </time>
            </div>
            <Detail entry={entry} />
            {entry.kind === 'note' && entry.by ? <p className="timeline__detail">{entry.by}</p> : null}
            {showDeal && entry.opportunity_id !== null ? (
              <p className="timeline__detail">
                On <Link href={`/opportunity/${entry.opportunity_id}`}>opportunity #{entry.opportunity_id}</Link>
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
