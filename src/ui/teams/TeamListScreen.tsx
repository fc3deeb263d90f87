import { useId, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { Link } from 'wouter';
import { found } from '../../api/client.ts';
import { distinctMembers, type TeamWithMembers } from '../../domain/teams.ts';
import { managesUsers } from '../../domain/session/profile.ts';
import { teamListMachine } from '../../machines/team-list.ts';
import { inspection } from '../../platform/inspector.ts';
import { useServices, useSession } from '../kit/services.tsx';
import { LoadNotice } from '../kit/LoadNotice.tsx';
import '../kit/lists.css';
import './teams.css';

type TeamListActor = ActorRefFrom<typeof teamListMachine>;

/**
 * /team: the tenant's teams, each with its members; a team's name opens Edit Team, 'Add Team' a new one,
 * and managers reach a member's Edit Salesperson screen.
 */
export default function TeamListScreen() {
  const { api } = useServices();
  const tenantId = useSession((state) => Number(state.context.profile?.tenant_id || 0));
  const [logic] = useState(() =>
    teamListMachine.provide({
      actors: {
        loadTeams: fromPromise(({ input }) =>
          found(api.GET('/api/teams/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId } } })),
        ),
      },
      actions: { logError: (_, { error }) => console.error(error) },
    }),
  );
  const list = useActorRef(logic, { input: { tenantId }, inspect: inspection() });
  const phase = useSelector(list, (state) => state.value);

  return (
    <section className="teams" aria-labelledby="teams-title">
      <div className="screen-header">
        <h1 id="teams-title">Teams</h1>
        <Link href="/add-Team" className="button">
          Add Team
        </Link>
      </div>
      <LoadNotice phase={phase} what="teams" empty="There are no teams yet." onRetry={() => list.send({ type: 'teams.reload' })} />
      {phase === 'ready' ? <Teams list={list} /> : null}
    </section>
  );
}

function Teams({ list }: { list: TeamListActor }) {
  const searchId = useId();
  const search = useSelector(list, (state) => state.context.search);
  const teams = useSelector(list, (state) => state.context.teams);
  const visible = useSelector(list, (state) => state.context.visible);
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
      <div className="search">
        <label htmlFor={searchId} className="visually-hidden">
          Search teams by team or member name
        </label>
        <input
          id={searchId}
          type="search"
          className="input"
          placeholder="Search..."
          value={search}
          onChange={(event) => list.send({ type: 'search.change', value: event.target.value })}
        />
      </div>
      {visible.length === 0 ? (
        <p className="card notice" role="status">
          No team or member matches the search.
        </p>
      ) : (
        <div className="teams__grid">
          {visible.map((team) => (
            <TeamCard key={team.id} team={team} />
          ))}
        </div>
      )}
    </>
  );
}

function TeamCard({ team }: { team: TeamWithMembers }) {
  const headingId = useId();
  const canEdit = useSession((state) => state.context.profile !== null && managesUsers(state.context.profile));
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
