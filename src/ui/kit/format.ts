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

/** A stage as people read it (the domain's one wording). */
export { stageName as stageLabel } from '../../domain/opportunities/pipeline.ts';

/** A customer name, or what to show when an opportunity has none. */
export function customerLabel(customer: string): string {
  return customer === '' ? 'No customer' : customer;
}
