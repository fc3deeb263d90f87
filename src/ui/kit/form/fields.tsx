import { useId, type ReactNode } from 'react';
import './form.css';

/** What a control needs to be tied to its label, hint and problem. */
export interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

interface FieldProps {
  label: string;
  /** A line under the input saying what is expected, read out with it. */
  hint?: string | undefined;
  /** What is wrong with the value, shown under it and read out with it; the control is marked invalid. */
  problem?: string | undefined;
  /** Spans both columns of a two-column form. */
  wide?: boolean | undefined;
  children: (control: ControlProps) => ReactNode;
}

/**
 * A label, its control, an optional hint and the field's problem, tied together
 * for assistive technology: the problem is part of the control's description and
 * the control says it is invalid, so the person hears both when focus arrives.
 */
export function Field({ label, hint, problem, wide, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const problemId = problem ? `${id}-problem` : undefined;
  const describedBy = [problemId, hintId].filter(Boolean).join(' ') || undefined;
  const classes = ['field', wide ? 'field--wide' : '', problem ? 'field--invalid' : ''].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': problem ? true : undefined })}
      {problem ? (
        <p id={problemId} className="field__problem">
          {problem}
        </p>
      ) : null}
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
  /** Absent for a field shown read-only. */
  onChange?: ((value: string) => void) | undefined;
  type?: 'text' | 'email' | 'password' | 'tel' | 'date' | 'time' | 'url';
  required?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
  hint?: string | undefined;
  problem?: string | undefined;
  wide?: boolean;
  autoComplete?: string;
  /** Suggestions offered while typing (a datalist); any other text is allowed too. */
  suggestions?: readonly string[];
  inputMode?: 'decimal' | 'numeric' | 'tel' | 'email';
  maxLength?: number;
}

export function InputField({
  label,
  value,
  onChange,
  type = 'text',
  required,
  readOnly,
  disabled,
  hint,
  problem,
  wide,
  autoComplete = 'off',
  suggestions,
  inputMode,
  maxLength,
}: InputFieldProps) {
  return (
    <Field label={label} hint={hint} problem={problem} wide={wide}>
      {(control) => (
        <>
          <input
            {...control}
            type={type}
            value={value}
            required={required}
            aria-required={required || undefined}
            readOnly={readOnly || !onChange}
            disabled={disabled}
            inputMode={inputMode}
            maxLength={maxLength}
            autoComplete={autoComplete}
            list={suggestions ? `${control.id}-suggestions` : undefined}
            onChange={onChange ? (event) => onChange(event.target.value) : undefined}
          />
          {suggestions ? (
            <datalist id={`${control.id}-suggestions`}>
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
  disabled?: boolean;
  hint?: string | undefined;
  problem?: string | undefined;
  wide?: boolean;
}

export function SelectField({ label, value, options, onChange, emptyLabel, required, disabled, hint, problem, wide }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} problem={problem} wide={wide}>
      {(control) => (
        <select
          {...control}
          value={value}
          required={required}
          aria-required={required || undefined}
          disabled={disabled}
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
  hint?: string | undefined;
  problem?: string | undefined;
  rows?: number;
}

/** Always spans the form's width. */
export function TextAreaField({ label, value, onChange, maxLength, hint, problem, rows = 4 }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} problem={problem} wide>
      {(control) => <textarea {...control} value={value} rows={rows} maxLength={maxLength} onChange={(event) => onChange(event.target.value)} />}
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
