import { format } from 'date-fns';
import { currencyOf } from '../../domain/opportunities/rows.ts';
import { startOfDayNumber } from '../../domain/revenue/calendar.ts';

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount in units as the dashboard shows revenue: two decimals and thousands separators. */
export function formatUnits(units: number): string {
  return money.format(currencyOf(units));
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
