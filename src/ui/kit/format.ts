import { format } from 'date-fns';
import { currencyOf } from '../../domain/opportunities/rows.ts';
import { startOfDayNumber } from '../../domain/revenue/calendar.ts';
import { formatMoney } from '../../domain/money.ts';

/** An amount in units (hundredths of a cent, see domain/revenue) in the tenant's currency, e.g. €12,345.60. */
export function formatUnits(units: number, currency: string): string {
  return formatMoney(currencyOf(units), currency);
}

/** A local day number as yyyy.MM.dd, the date format of the dashboard. */
export function formatDay(day: number): string {
  return format(startOfDayNumber(day), 'yyyy.MM.dd');
}

/** A stage as a heading: 'closed won' → 'Closed won'. */
export function stageLabel(stage: string): string {
  return stage === '' ? 'No stage' : stage.charAt(0).toUpperCase() + stage.slice(1);
}

/** A customer name, or what to show when an opportunity has none. */
export function customerLabel(customer: string): string {
  return customer === '' ? 'No customer' : customer;
}
