import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { findChoices, type Choice } from '../../domain/lists/choices.ts';
import './combobox.css';

interface ComboboxProps {
  label: string;
  choices: readonly Choice[];
  /** The chosen value; '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** The words for no choice, offered first when choosing none is allowed. */
  none?: string;
  describedBy?: string;
  invalid?: boolean;
}

/**
 * A searchable choice among many (the ARIA 1.2 combobox pattern with a listbox
 * popup): typing narrows the choices, the arrows move through them, Enter or a click
 * chooses, Escape closes and puts back the chosen label. Focus stays in the input.
 */
export function Combobox({ label, choices, value, onChange, none, describedBy, invalid }: ComboboxProps) {
  const inputId = useId();
  const listId = useId();
  const chosen = choices.find((choice) => choice.value === value);
  const chosenText = chosen?.label ?? '';
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  const noneChoice: Choice[] = none !== undefined ? [{ value: '', label: none }] : [];
  const shown = useMemo(() => [...(text === null ? noneChoice : []), ...findChoices(choices, text ?? '')], [choices, text, none]);

  const choose = (choice: Choice | undefined) => {
    if (choice) onChange(choice.value);
    setText(null);
    setOpen(false);
  };
  const move = (by: number) => {
    setOpen(true);
    setActive((current) => {
      const next = (current + by + shown.length) % Math.max(1, shown.length);
      list.current?.children[next]?.scrollIntoView({ block: 'nearest' });
      return next;
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') move(open ? 1 : 0);
    else if (event.key === 'ArrowUp') move(open ? -1 : 0);
    else if (event.key === 'Enter' && open) choose(shown[active]);
    else if (event.key === 'Escape' && open) {
      event.stopPropagation();
      choose(undefined);
    } else return;
    event.preventDefault();
  };
  const optionId = (index: number) => `${listId}-${index}`;

  return (
    <div className="field combobox">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && shown[active] ? optionId(active) : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        autoComplete="off"
        value={text ?? chosenText}
        placeholder={none ?? 'Type to search'}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={(event) => event.target.select()}
        onClick={() => setOpen(true)}
        onBlur={() => choose(undefined)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label={label} className="combobox__list" hidden={!open}>
        {shown.length === 0 ? (
          <li className="combobox__empty" role="presentation">
            Nothing matches.
          </li>
        ) : (
          shown.map((choice, index) => (
            <li
              key={choice.value}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="combobox__option"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(choice)}
            >
              <span>{choice.label}</span>
              {choice.detail ? <span className="combobox__detail">{choice.detail}</span> : null}
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
