import { useSelector } from '@xstate/react';
import { listPhase } from '../../machines/browser-list.ts';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { isOverdue, kindLabel } from '../../domain/activities/activity.ts';
import { ACTIVITY_FILTERS, countsByFilter, type ActivityFilter } from '../../domain/activities/list-view.ts';
import type { Activity, activityListMachine, ActivitySortKey } from '../../machines/activity-list.ts';
import { activityListFlow } from '../../wiring/activity-list.ts';
import { useListFlow } from '../kit/use-list-flow.ts';
import { LoadNotice } from '../kit/LoadNotice.tsx';
import { EmptyRow, ListSortHeader } from '../kit/ListTable.tsx';
import { ListPager } from '../kit/Pager.tsx';
import { SearchBox } from '../kit/SearchBox.tsx';
import { SaveViewButton } from '../kit/saved-views/SaveViewButton.tsx';
import { BulkBar, BulkSelection } from '../kit/bulk/Bulk.tsx';
import { pageSlice } from '../../domain/lists/paging.ts';
import { customerLabel } from '../kit/format.ts';
import { formatDue, formatDuration } from './format.ts';
import '../kit/lists.css';
import './activities.css';

type ListActor = ActorRefFrom<typeof activityListMachine>;

/** /activity: the tenant's calls, meetings, e-mails, tasks and deadlines, by due time; the address keeps the view, search, sort and page. */
export default function ActivityListScreen() {
  const list = useListFlow(activityListFlow, ({ tenantId }) => ({ tenantId, now: Date.now() }));
  const phase = useSelector(list, listPhase);

  return (
    <section className="activities" aria-labelledby="activities-title">
      <div className="screen-header">
        <h1 id="activities-title">Activities</h1>
        <Link href="/add-Activity" className="button">
          Add Activity
        </Link>
      </div>
      <LoadNotice
        phase={phase}
        what="activities"
        empty="There are no activities yet. Schedule the first call, meeting or task with Add Activity."
        onRetry={() => list.send({ type: 'retry' })}
      />
      {phase === 'ready' ? (
        <div className="card activities__card">
          <div className="activities__tools">
            <FilterButtons list={list} />
            <SearchBox list={list} label="Search activities by subject, kind, salesperson or customer" className="search activities__search" />
            <SaveViewButton list="activity" />
          </div>
          <BulkSelection kind="activities">
            <ExportBar list={list} />
          </BulkSelection>
          <ActivityTable list={list} />
          <ListPager list={list} />
        </div>
      ) : null}
    </section>
  );
}

function FilterButtons({ list }: { list: ListActor }) {
  const filter = useSelector(list, (state) => state.context.filters.view);
  const counts = useSelector(
    list,
    (state) => countsByFilter(state.context.rows, state.context.now),
    (a, b) => a.todo === b.todo && a.overdue === b.overdue && a.done === b.done && a.all === b.all,
  );
  return (
    <div className="activity-filters" role="group" aria-label="Show">
      {ACTIVITY_FILTERS.map((entry) => (
        <button
          key={entry.filter}
          type="button"
          className="activity-filters__button"
          aria-pressed={filter === entry.filter}
          onClick={() => list.send({ type: 'filter.change', name: 'view', value: entry.filter })}
        >
          {entry.label} <span className="activity-filters__count">{counts[entry.filter]}</span>
        </button>
      ))}
    </div>
  );
}

const sameRows = (a: readonly Activity[], b: readonly Activity[]) => a.length === b.length && a.every((row, i) => row === b[i]);

/** The view, the search and the sort, as the export takes them. */
function ExportBar({ list }: { list: ListActor }) {
  const view = useSelector(list, (state) => state.context.filters.view as ActivityFilter);
  const search = useSelector(list, (state) => state.context.search);
  const sort = useSelector(list, (state) => state.context.sort);
  const order = sort ? { sort: sort.key, direction: sort.direction } : {};
  return <BulkBar filters={{ view, search, ...order }} />;
}


function ActivityTable({ list }: { list: ListActor }) {
  const rows = useSelector(list, (state) => pageSlice(state.context.visible, state.context.page), sameRows);
  return (
    <div className="table-scroll">
      <table className="table table--cards activities__table">
        <thead>
          <tr>
            <th scope="col">Done</th>
            <ListSortHeader list={list} column="kind" label="Kind" />
            <ListSortHeader list={list} column="subject" label="Subject" />
            <ListSortHeader list={list} column="due" label="Due" />
            <ListSortHeader list={list} column="salesperson" label="Salesperson" />
            <th scope="col">Opportunity</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <EmptyRow columns={6}>No activities in this view.</EmptyRow>
          ) : (
            rows.map((activity) => <ActivityRow key={activity.id} list={list} activity={activity} />)
          )}
        </tbody>
      </table>
    </div>
  );
}

function ActivityRow({ list, activity }: { list: ListActor; activity: Activity }) {
  const overdue = useSelector(list, (state) => isOverdue(activity, state.context.now));
  const canToggle = useSelector(list, (state) => state.can({ type: 'row.save', row: activity }));
  const duration = formatDuration(activity.duration_minutes);
  const className = ['activity-row', overdue ? 'activity-row--overdue' : '', activity.done ? 'activity-row--done' : ''].join(' ').trim();
  return (
    <tr className={className}>
      <td className="activity-row__done">
        <input
          type="checkbox"
          checked={activity.done}
          disabled={!canToggle}
          aria-label={`Done: ${activity.subject}`}
          onChange={() => list.send({ type: 'row.save', row: { ...activity, done: !activity.done } })}
        />
      </td>
      <td className="activity-row__kind">
        <span className={`badge kind-badge--${activity.kind}`}>{kindLabel(activity.kind)}</span>
      </td>
      <td className="activity-row__subject">
        <Link href={`/edit-Activity/${activity.id}`}>{activity.subject}</Link>
      </td>
      <td className="activity-row__due">
        <span className="nowrap">{formatDue(activity.due_at)}</span>
        {duration ? <span className="activity-row__duration"> · {duration}</span> : null}
        {overdue ? (
          <span className="overdue-badge">
            <span aria-hidden="true">⚠ </span>Overdue
          </span>
        ) : null}
      </td>
      <td className="activity-row__salesperson">{activity.salesperson_name}</td>
      <td className="activity-row__opportunity">
        {activity.opportunity_id === null ? (
          <>
            <span aria-hidden="true" className="muted">
              —
            </span>
            <span className="visually-hidden">None</span>
          </>
        ) : (
          <Link href={`/opportunity/${activity.opportunity_id}`}>{customerLabel(activity.customer ?? '')}</Link>
        )}
      </td>
    </tr>
  );
}
