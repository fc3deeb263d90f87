import { useId, type ReactNode } from 'react';

interface FieldProps {
  label: string;
  /** A line under the input saying what is expected, read out with it. */
  hint?: string | undefined;
  /** Spans both columns of the editor's grid. */
  wide?: boolean | undefined;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}

/** A label, its control and an optional hint, tied together for assistive technology. */
export function Field({ label, hint, wide, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={wide ? 'field field--wide' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children(id, hintId)}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

interface InputFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'date' | 'time' | 'number' | 'url';
  required?: boolean;
  hint?: string;
  wide?: boolean;
  /** Suggestions offered while typing (a datalist); any other text is allowed too. */
  suggestions?: readonly string[];
  inputMode?: 'decimal' | 'numeric' | 'tel' | 'email';
  maxLength?: number;
}

export function InputField({ label, value, onChange, type = 'text', required, hint, wide, suggestions, inputMode, maxLength }: InputFieldProps) {
  return (
    <Field label={label} hint={hint} wide={wide}>
      {(id, describedBy) => (
        <>
          <input
            id={id}
            type={type}
            value={value}
            required={required}
            aria-required={required || undefined}
            aria-describedby={describedBy}
            inputMode={inputMode}
            maxLength={maxLength}
            autoComplete="off"
            list={suggestions ? `${id}-suggestions` : undefined}
            onChange={(event) => onChange(event.target.value)}
          />
          {suggestions ? (
            <datalist id={`${id}-suggestions`}>
              {suggestions.map((suggestion) => (
                <option key={suggestion} value={suggestion} />
              ))}
            </datalist>
          ) : null}
        </>
      )}
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  /** The label of an empty first option (e.g. 'None' or 'Choose a salesperson'); no empty option when absent. */
  emptyLabel?: string;
  required?: boolean;
  hint?: string;
  wide?: boolean;
}

export function SelectField({ label, value, options, onChange, emptyLabel, required, hint, wide }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} wide={wide}>
      {(id, describedBy) => (
        <select
          id={id}
          value={value}
          required={required}
          aria-required={required || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        >
          {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

interface TextAreaFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  hint?: string;
  rows?: number;
}

/** Always spans the editor's width. */
export function TextAreaField({ label, value, onChange, maxLength, hint, rows = 4 }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} wide>
      {(id, describedBy) => (
        <textarea
          id={id}
          value={value}
          rows={rows}
          maxLength={maxLength}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export function CheckboxField({ label, checked, onChange }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="field field--checkbox">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
