import { useId, type ChangeEvent } from 'react';
import { ROLE_LABELS } from '../../domain/users/roles.ts';
import type { RoleId } from '../../api/client.ts';

interface TextFieldProps {
  label: string;
  value: string;
  onChange?: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  disabled?: boolean;
  readOnly?: boolean;
  required?: boolean;
}

/** A labelled input; every input of these screens is one. */
export function TextField({ label, value, onChange, type = 'text', autoComplete, disabled, readOnly, required }: TextFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        autoComplete={autoComplete ?? 'off'}
        disabled={disabled}
        readOnly={readOnly}
        required={required}
        aria-required={required || undefined}
        onChange={onChange ? (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value) : undefined}
      />
    </div>
  );
}

interface RoleFieldProps {
  value: number;
  /** The roles the machine accepts now; none means the role cannot change. */
  choices: readonly RoleId[];
  onChange: (roleId: number) => void;
}

/** The Role select: the current role always shows, the choices are the machine's. */
export function RoleField({ value, choices, onChange }: RoleFieldProps) {
  const id = useId();
  const shown = choices.includes(value as RoleId) ? choices : [value as RoleId, ...choices];
  return (
    <div className="field">
      <label htmlFor={id}>Role</label>
      <select id={id} value={value} disabled={choices.length === 0} onChange={(event) => onChange(Number(event.target.value))}>
        {shown.map((roleId) => (
          <option key={roleId} value={roleId}>
            {ROLE_LABELS[roleId] ?? ''}
          </option>
        ))}
      </select>
    </div>
  );
}
