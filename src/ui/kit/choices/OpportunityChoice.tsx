import { useSelector } from '@xstate/react';
import type { Choice } from '../../../domain/lists/choices.ts';
import { opportunityChoicesFlow } from '../../../wiring/opportunity-choices.ts';
import { ComboboxField } from '../Combobox.tsx';
import { useChoices, useFormField, type RecordEditorActor } from '../record-editor/use-record-editor.ts';
import { useFlow } from '../services.tsx';

interface OpportunityChoiceProps {
  /** The chosen opportunity's id as text; '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** The opportunity chosen before (the record's own), for its name before anything is searched. */
  chosen?: Choice | null;
  /**
   * The few opportunities to choose among (a customer's), narrowed as the person types;
   * without them, this year's opportunities are searched on the server.
   */
  among?: readonly Choice[];
  label?: string;
  /** The words for none, offered first; none cannot be chosen without them. */
  none?: string;
  /** Searched on the server, by default what the search finds and that the choice is optional. */
  hint?: string;
  problem?: string | undefined;
  wide?: boolean;
  disabled?: boolean;
}

/** Choosing an opportunity by typing part of its customer's (or salesperson's) name. */
export function OpportunityChoice({ among, label = 'Opportunity', ...props }: OpportunityChoiceProps) {
  return among ? <ComboboxField {...props} label={label} choices={among} placeholder={props.none ?? 'Type a customer'} /> : <SearchedOpportunityChoice {...props} label={label} />;
}

const SEARCH_HINT = "Optional: one of this year's opportunities, newest first; type part of its customer's or salesperson's name.";

function SearchedOpportunityChoice({ hint = SEARCH_HINT, ...props }: Omit<OpportunityChoiceProps, 'among'> & { label: string }) {
  const search = useFlow(opportunityChoicesFlow, ({ tenantId }) => ({ tenantId, year: new Date().getFullYear() }));
  const found = useSelector(search, (state) => state.context.found);
  const total = useSelector(search, (state) => state.context.total);
  const busy = useSelector(search, (state) => state.hasTag('busy'));
  const failed = useSelector(search, (state) => state.matches('failed'));
  const searched = useSelector(search, (state) => state.context.text !== '');
  const note = failed
    ? 'The opportunities could not be loaded. Type, or open the list again, to try again.'
    : busy
      ? 'Searching…'
      : total === 0
        ? 'No opportunity of this year matches.'
        : total > found.length
          ? `The ${found.length} newest of ${total.toLocaleString('en')} ${searched ? 'that match' : 'this year'}: type more of a name to narrow.`
          : undefined;
  return (
    <ComboboxField
      {...props}
      hint={hint}
      choices={found}
      busy={busy}
      note={note}
      placeholder={props.none ?? 'Type a customer or salesperson'}
      onOpen={() => search.send({ type: 'search.open' })}
      onSearch={(value) => search.send({ type: 'search.change', value })}
    />
  );
}

/** A record editor's optional opportunity (an activity's, an event's): the one it links, named at once, others searched for. */
export function LinkedOpportunityField<Form extends { opportunityId: string }, Choices extends { linked: Choice | null }>({
  editor,
}: {
  editor: RecordEditorActor<Form, Choices>;
}) {
  const [opportunityId, setOpportunityId, problem] = useFormField(editor, 'opportunityId');
  const linked = useChoices(editor)?.linked ?? null;
  return (
    <OpportunityChoice value={opportunityId} chosen={linked} problem={problem} onChange={(value) => setOpportunityId(value as Form['opportunityId'])} none="None" wide />
  );
}
