import { useId, useState } from 'react';
import { chosenCountText, salespersonsMatching, withMember, type TeamChoices, type TeamForm } from '../../domain/teams/editor.ts';
import { useChoices, useFormField, type RecordEditorActor } from '../kit/record-editor/use-record-editor.ts';

/**
 * The team's members as a checklist of the tenant's salespersons: real checkboxes
 * with labels, so Tab and Space choose; a search narrows the list without
 * touching who is chosen, and the count of chosen ones is announced as it changes.
 */
export function MemberChecklist({ editor }: { editor: RecordEditorActor<TeamForm, TeamChoices> }) {
  const id = useId();
  const [memberIds, setMemberIds, membersProblem] = useFormField(editor, 'memberIds');
  const salespersons = useChoices(editor)?.salespersons ?? [];
  // What the list is narrowed to is how this screen is viewed, not part of the team.
  const [search, setSearch] = useState('');
  const shown = salespersonsMatching(salespersons, search);
  const chosen = new Set(memberIds);

  return (
    <fieldset
      className="team-members field--wide"
      aria-describedby={membersProblem ? `${id}-problem ${id}-count` : `${id}-count`}
      aria-invalid={membersProblem ? true : undefined}
      tabIndex={membersProblem ? -1 : undefined}
    >
      <legend>Members</legend>
      {membersProblem ? (
        <p id={`${id}-problem`} className="field__problem">
          {membersProblem}
        </p>
      ) : null}
      <div className="team-members__bar">
        <label htmlFor={`${id}-search`} className="visually-hidden">
          Search salespersons
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className="input team-members__search"
          placeholder="Search salespersons..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <p id={`${id}-count`} className="team-members__count" role="status">
          {chosenCountText(chosen.size)}
          {salespersons.length > 0 ? ` of ${salespersons.length}` : ''}
        </p>
      </div>
      {salespersons.length === 0 ? (
        <p className="team-members__empty">There are no salespersons to choose from yet.</p>
      ) : shown.length === 0 ? (
        <p className="team-members__empty">No salesperson matches the search.</p>
      ) : (
        <ul className="team-members__list">
          {shown.map((salesperson) => {
            const boxId = `${id}-member-${salesperson.id}`;
            return (
              <li key={salesperson.id}>
                <input
                  id={boxId}
                  type="checkbox"
                  checked={chosen.has(salesperson.id)}
                  onChange={(event) => setMemberIds(withMember(memberIds, salesperson.id, event.target.checked))}
                />
                <label htmlFor={boxId}>{salesperson.name}</label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
