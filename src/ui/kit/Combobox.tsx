import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { findChoices, type Choice } from '../../domain/lists/choices.ts';
import { Field, type ControlProps } from './form/fields.tsx';
import './styles.ts';

export interface ComboboxProps {
  /** The field's label (the input's name comes from its own label element). */
  label: string;
  /**
   * Without onSearch: every choice, narrowed here as the person types. With onSearch:
   * the choices found for the text typed (by the server), shown as they are.
   */
  choices: readonly Choice[];
  /** The chosen value; '' for none. Ignored when `free`. */
  value: string;
  /** The chosen choice, for its label when it is not among `choices` (found earlier, or linked before). */
  chosen?: Choice | null | undefined;
  onChange: (value: string) => void;
  /** The words for no choice, offered first when choosing none is allowed ('None', 'Nobody'). */
  none?: string | undefined;
  /** Shown in the empty input ('Choose a salesperson'); defaults to `none`. */
  placeholder?: string | undefined;
  /** Asked with every text typed: the choices are found elsewhere (by the server), not narrowed here. */
  onSearch?: ((text: string) => void) | undefined;
  /** The list opens (to ask for the choices the first time). */
  onOpen?: (() => void) | undefined;
  /** The choices shown are not yet those of the text typed (a search is under way). */
  busy?: boolean | undefined;
  /** A line under the choices: how many there are, or why there are none. */
  note?: string | undefined;
  /**
   * Any text is the value (a customer's name, known or new); the choices are
   * suggestions, none active until the arrows move to one.
   */
  free?: boolean | undefined;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  maxLength?: number | undefined;
}

/**
 * A searchable choice among many (the ARIA 1.2 combobox pattern with a listbox
 * popup): typing narrows the choices, the arrows move through them, Enter or a
 * click (or a tap) chooses, Escape closes and puts back the chosen label. Focus
 * stays in the input. Leaving the input with a text that names one choice chooses
 * it, an emptied text chooses none, and anything else puts back the chosen label.
 */
export function Combobox({ control, ...props }: ComboboxProps & { control: ControlProps }) {
  const { choices, value, chosen, onChange, none, placeholder, onSearch, onOpen, busy, note, free, required, disabled, maxLength } = props;
  const listId = useId();
  // The label of the last choice made here: a server's later answers may no longer hold it.
  const [picked, setPicked] = useState<Choice | null>(null);
  const known = choices.find((choice) => choice.value === value) ?? (picked?.value === value ? picked : null) ?? (chosen?.value === value ? chosen : null);
  const chosenText = free ? value : value === '' ? '' : (known?.label ?? '');
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const list = useRef<HTMLUListElement>(null);

  const typed = free ? value : (text ?? '');
  const filtering = free ? value.trim() !== '' : text !== null && text.trim() !== '';
  const shown = useMemo(() => {
    const found = onSearch ? [...choices] : filtering || free ? findChoices(choices, typed) : findChoices(choices, '');
    return none !== undefined && !filtering && !free ? [{ value: '', label: none }, ...found] : found;
  }, [choices, typed, filtering, none, onSearch, free]);

  const choose = (choice: Choice | undefined) => {
    if (choice) {
      setPicked(choice);
      onChange(free ? choice.label : choice.value);
    }
    setText(null);
    setOpen(false);
    setActive(-1);
  };
  const openList = () => {
    if (disabled) return;
    if (!open) onOpen?.();
    setOpen(true);
  };
  const move = (by: number) => {
    if (!open) {
      openList();
      // Opening shows the chosen one (or, free, nothing) as the active option.
      setActive(free ? -1 : Math.max(0, shown.findIndex((choice) => choice.value === value)));
      return;
    }
    if (shown.length === 0) return;
    const next = active < 0 ? (by > 0 ? 0 : shown.length - 1) : (active + by + shown.length) % shown.length;
    setActive(next);
    list.current?.children[next]?.scrollIntoView({ block: 'nearest' });
  };
  /** Leaving the input: a text naming exactly one choice chooses it; an emptied text chooses none. */
  const leave = () => {
    if (free || text === null) return choose(undefined);
    const words = text.trim().toLowerCase();
    if (words === '') {
      onChange('');
      return choose(undefined);
    }
    const offered = shown.filter((choice) => choice.value !== '');
    const exact = offered.find((choice) => choice.label.toLowerCase() === words);
    choose(exact ?? (offered.length === 1 && !busy ? offered[0] : undefined));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') move(1);
    else if (event.key === 'ArrowUp') move(-1);
    else if (event.key === 'Enter' && open && shown[active]) choose(shown[active]);
    // With nothing active an open list only closes, rather than sending the form off with the text unchosen.
    else if (event.key === 'Enter' && open && !free) leave();
    else if (event.key === 'Escape' && open) {
      // The list closes; a dialog around it stays open.
      event.stopPropagation();
      choose(undefined);
    } else return;
    event.preventDefault();
  };
  const optionId = (index: number) => `${listId}-${index}`;
  const empty = shown.length === 0;
  const noteText = note ?? (empty && !busy ? 'Nothing matches.' : undefined);

  return (
    <div className="combobox">
      <input
        {...control}
        type="text"
        className="input"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 && shown[active] ? optionId(active) : undefined}
        aria-required={required || undefined}
        aria-busy={(open && busy) || undefined}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        maxLength={maxLength}
        value={text ?? chosenText}
        placeholder={placeholder ?? none ?? 'Type to search'}
        onChange={(event) => {
          const next = event.target.value;
          if (free) onChange(next);
          else setText(next);
          setActive(free ? -1 : 0);
          setOpen(true);
          onSearch?.(next);
        }}
        onFocus={(event) => event.target.select()}
        onClick={openList}
        onBlur={leave}
        onKeyDown={onKeyDown}
      />
      <div className="combobox__popup" hidden={!open}>
        {/* Named apart from the input, so that the field's label names the input alone. */}
        <ul id={listId} role="listbox" aria-label={free ? 'Suggestions' : 'Choices'} className="combobox__list" ref={list} hidden={empty}>
          {shown.map((choice, index) => (
            <li
              key={choice.value}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="combobox__option"
              // Keeps focus (and the keyboard on a phone) in the input.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(choice)}
            >
              <span>{choice.label}</span>
              {choice.detail ? <span className="combobox__detail">{choice.detail}</span> : null}
            </li>
          ))}
        </ul>
        {noteText ? (
          <p className="combobox__note" role="status">
            {noteText}
          </p>
        ) : null}
      </div>
    </div>
  );
}

interface ComboboxFieldProps extends ComboboxProps {
  hint?: string | undefined;
  problem?: string | undefined;
  wide?: boolean | undefined;
  /** Label beside the input on one line (a filter in a screen's header), instead of a form field. */
  inline?: boolean | undefined;
}

/** The combobox as a field of the form kit: its label, hint and problem tied to the input. */
export function ComboboxField({ hint, problem, wide, inline, ...props }: ComboboxFieldProps) {
  const id = useId();
  if (inline) {
    return (
      <div className="year-select combobox-inline">
        <label htmlFor={id}>{props.label}</label>
        <Combobox {...props} control={{ id, 'aria-describedby': undefined, 'aria-invalid': undefined }} />
      </div>
    );
  }
  return (
    <Field label={props.label} hint={hint} problem={problem} wide={wide}>
      {(control) => <Combobox {...props} control={control} />}
    </Field>
  );
}
