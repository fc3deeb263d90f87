import type { Opportunity, Salesperson } from '../../api/client';
import { dayNumberOfLocalDate } from '../revenue/calendar.ts';
import { localDayOfCreatedDate, UNITS_PER_CURRENCY_UNIT } from '../revenue/prepare.ts';

/** Which year of which tenant an opportunity screen loads. */
export interface YearRequest {
  tenantId: number;
  year: number;
}

/** What the opportunity screens load for a year: the opportunities and who sells them. */
export interface YearData {
  opportunities: readonly Opportunity[];
  salespersons: readonly Pick<Salesperson, 'id' | 'name'>[];
}

/**
 * An opportunity as the list, pipeline, customer and calendar screens show it,
 * with what they derive from it computed once when the year loads.
 */
export interface OpportunityRow {
  id: number;
  customer: string;
  stage: string;
  salespersonId: number;
  salespersonName: string;
  createdDate: string;
  /** The local calendar day it was created on (see revenue/calendar.ts). */
  day: number;
  /** Milliseconds since the epoch, for sorting by date. */
  createdAt: number;
  revenue: number;
  probability: number;
  /** Revenue in units (hundredths of a cent), so that totals are exact. */
  revenueUnits: number;
  /** Revenue × probability / 100 in units: the weighted value of the dashboard. */
  weightedUnits: number;
  /** Lower-cased customer, salesperson and stage, for the search box. */
  searchText: string;
}

/** Units back into currency for display, rounded to the cent. */
export function currencyOf(units: number): number {
  return Math.round(units / 100) / 100;
}

/** The name shown for a salesperson the list does not know (deleted since, for instance). */
export function unknownSalespersonName(id: number): string {
  return `Salesperson #${id}`;
}

/**
 * The opportunities created in the local calendar year, as rows. The server
 * sends a wider window (every time zone's year), so the rest is dropped here,
 * as the dashboard does.
 */
export function toOpportunityRows(data: YearData, year: number): OpportunityRow[] {
  const names = new Map(data.salespersons.map((person) => [person.id, person.name]));
  const firstDay = dayNumberOfLocalDate(year, 0, 1);
  const nextYearDay = dayNumberOfLocalDate(year + 1, 0, 1);
  const rows: OpportunityRow[] = [];
  for (const opportunity of data.opportunities) {
    const day = localDayOfCreatedDate(opportunity.created_date);
    if (day < firstDay || day >= nextYearDay) continue;
    const cents = Math.round(opportunity.revenue * 100);
    const salespersonName = names.get(opportunity.salesperson_id) ?? unknownSalespersonName(opportunity.salesperson_id);
    rows.push({
      id: opportunity.id,
      customer: opportunity.customer,
      stage: opportunity.stage,
      salespersonId: opportunity.salesperson_id,
      salespersonName,
      createdDate: opportunity.created_date,
      day,
      createdAt: Date.parse(opportunity.created_date),
      revenue: opportunity.revenue,
      probability: opportunity.probability,
      revenueUnits: cents * (UNITS_PER_CURRENCY_UNIT / 100),
      weightedUnits: cents * opportunity.probability,
      // The unit separator cannot be typed into the search box, so no match spans two fields.
      searchText: `${opportunity.customer}\u001f${salespersonName}\u001f${opportunity.stage}`.toLowerCase(),
    });
  }
  return rows;
}

/** The sum of a units field over rows: whole numbers, so exact in any order. */
export function totalUnits(rows: readonly OpportunityRow[], field: 'revenueUnits' | 'weightedUnits'): number {
  let total = 0;
  for (const row of rows) total += row[field];
  return total;
}

/** Whether any opportunity was created in the local year: stops at the first. */
export function anyInYear(data: YearData, year: number): boolean {
  const firstDay = dayNumberOfLocalDate(year, 0, 1);
  const nextYearDay = dayNumberOfLocalDate(year + 1, 0, 1);
  return data.opportunities.some((opportunity) => {
    const day = localDayOfCreatedDate(opportunity.created_date);
    return day >= firstDay && day < nextYearDay;
  });
}
