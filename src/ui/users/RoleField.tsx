import { ROLE_LABELS, type RoleId } from '../../domain/rules/roles.ts';
import { SelectField } from '../kit/form/fields.tsx';

interface RoleFieldProps {
  value: number;
  /** The roles the machine accepts now (section 6's rules); none means the role cannot change. */
  choices: readonly RoleId[];
  onChange: (roleId: number) => void;
  hint?: string | undefined;
  problem?: string | undefined;
}

/** The Role select: the current role always shows, the choices are the machine's. */
export function RoleField({ value, choices, onChange, hint, problem }: RoleFieldProps) {
  const shown = choices.includes(value as RoleId) ? choices : [value as RoleId, ...choices];
  return (
    <SelectField
      label="Role"
      value={String(value)}
      options={shown.map((roleId) => ({ value: String(roleId), label: ROLE_LABELS[roleId] ?? '' }))}
      onChange={(next) => onChange(Number(next))}
      disabled={choices.length === 0}
      hint={hint}
      problem={problem}
    />
  );
}
