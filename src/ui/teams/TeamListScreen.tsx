import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { listPhase } from '../../machines/browser-list.ts';
import type { ActorRefFrom } from 'xstate';
import { Link } from 'wouter';
import { pageSlice } from '../../domain/lists/paging.ts';
import { distinctMembers, type TeamWithMembers } from '../../domain/teams/list.ts';
import { isManager } from '../../machines/session.ts';
import type { teamListMachine, TeamSortKey } from '../../machines/team-list.ts';
import { teamListFlow } from '../../wiring/team-list.ts';
import { useSession } from '../kit/services.tsx';
import { useListFlow } from '../kit/use-list-flow.ts';
import { LoadNotice } from '../kit/LoadNotice.tsx';
import { SearchBox } from '../kit/SearchBox.tsx';
import { ListPager } from '../kit/Pager.tsx';
import { SaveViewButton } from '../kit/saved-views/SaveViewButton.tsx';
import '../kit/lists.css';
import './teams.css';

type TeamListActor = ActorRefFrom<typeof teamListMachine>;

/**
 * /team: the tenant's teams, each with its members; a team's name opens Edit Team, 'Add Team' a new one,
 * and managers reach a member's Edit Salesperson screen.
 */
export default function TeamListScreen() {
  const list = useListFlow(teamListFlow, ({ tenantId }) => ({ tenantId }));
  const phase = useSelector(list, listPhase);

  return (
    <section className="teams" aria-labelledby="teams-title">
      <div className="screen-header">
        <h1 id="teams-title">Teams</h1>
        <Link href="/add-Team" className="button">
          Add Team
        </Link>
      </div>
      <LoadNotice phase={phase} what="teams" empty="There are no teams yet." onRetry={() => list.send({ type: 'retry' })} />
      {phase === 'ready' ? <Teams list={list} /> : null}
    </section>
  );
}

function Teams({ list }: { list: TeamListActor }) {
  const teams = useSelector(list, (state) => state.context.rows);
  const visible = useSelector(list, (state) => state.context.visible);
  const page = useSelector(list, (state) => state.context.page);
  const sortKey = useSelector(list, (state) => state.context.sort?.key ?? 'name');
  const sortDirection = useSelector(list, (state) => state.context.sort?.direction ?? 'ascending');
  const sortId = useId();
  return (
    <>
      <dl className="figures" aria-label="Team totals">
        <div className="figure">
          <dt>Teams</dt>
          <dd>{teams.length}</dd>
        </div>
        <div className="figure">
          <dt>Salespersons in teams</dt>
          <dd>{distinctMembers(teams)}</dd>
        </div>
      </dl>
      <div className="list-toolbar">
        <SearchBox list={list} label="Search teams by team or member name" />
        <div className="list-filter">
          <label htmlFor={sortId}>Sort</label>
          <select
            id={sortId}
            className="select"
            value={`${sortKey} ${sortDirection}`}
            onChange={(event) => {
              const [key, direction] = event.target.value.split(' ') as [TeamSortKey, 'ascending' | 'descending'];
              list.send({ type: 'sort.change', sort: { key, direction } });
            }}
          >
            <option value="name ascending">Name, A to Z</option>
            <option value="name descending">Name, Z to A</option>
            <option value="members ascending">Fewest members</option>
            <option value="members descending">Most members</option>
          </select>
        </div>
        <SaveViewButton list="team" />
      </div>
      {visible.length === 0 ? (
        <p className="card notice" role="status">
          No team or member matches the search.
        </p>
      ) : (
        <div className="teams__grid">
          {pageSlice(visible, page).map((team) => (
            <TeamCard key={team.id} team={team} />
          ))}
        </div>
      )}
      <ListPager list={list} />
    </>
  );
}

function TeamCard({ team }: { team: TeamWithMembers }) {
  const headingId = useId();
  const canEdit = useSession(isManager);
  return (
    <section className="card teams__card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Link href={`/edit-Team/${team.id}`}>{team.name}</Link>
      </h2>
      <p className="teams__count">{team.members.length === 1 ? '1 member' : `${team.members.length} members`}</p>
      {team.members.length > 0 ? (
        <ul className="teams__members">
          {team.members.map((member) => (
            <li key={member.id}>{canEdit ? <Link href={`/edit-Salesperson/${member.id}`}>{member.name}</Link> : member.name}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
