import { ComboboxField } from '../Combobox.tsx';

interface CustomerChoiceProps {
  /** The customer's name as typed or chosen. */
  value: string;
  onChange: (value: string) => void;
  /** The names of the tenant's customers, offered as the person types. */
  customers: readonly string[];
  label?: string;
  hint?: string;
  problem?: string | undefined;
  required?: boolean;
  wide?: boolean;
  maxLength?: number;
}

/** A customer's name: one of the directory's, found by typing part of it, or a new one typed in full. */
export function CustomerChoice({ customers, label = 'Customer', ...props }: CustomerChoiceProps) {
  const choices = customers.map((name) => ({ value: name, label: name }));
  return <ComboboxField {...props} label={label} choices={choices} free placeholder="Type a customer's name" />;
}
