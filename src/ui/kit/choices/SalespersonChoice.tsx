import type { Choice } from '../../../domain/lists/choices.ts';
import { ComboboxField } from '../Combobox.tsx';

interface SalespersonChoiceProps {
  /** The tenant's salespersons, by name. */
  salespersons: readonly { id: number; name: string }[];
  /** The chosen salesperson's id as text, a leading choice's value, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  label?: string;
  /** Choices offered before the salespersons ('Everyone', 'Mine'). */
  leading?: readonly Choice[];
  /** The words for nobody, offered first when nobody is allowed. */
  none?: string;
  placeholder?: string;
  /** Still loading the salespersons: the input waits. */
  loading?: boolean;
  hint?: string;
  problem?: string | undefined;
  required?: boolean;
  wide?: boolean;
  inline?: boolean;
}

/** Choosing a salesperson by typing part of the name: in every form, the bulk reassign, the board's filter and the import. */
export function SalespersonChoice({ salespersons, leading = [], loading, placeholder, label = 'Salesperson', ...props }: SalespersonChoiceProps) {
  const choices = [...leading, ...salespersons.map((person) => ({ value: String(person.id), label: person.name }))];
  return (
    <ComboboxField
      {...props}
      label={label}
      choices={choices}
      disabled={loading}
      placeholder={loading ? 'Loading…' : (placeholder ?? 'Type a name')}
    />
  );
}
