/**
 * Revenue bucketing for the dashboard: plain functions, no React, no XState,
 * no I/O. Prepare the loaded opportunities once, then bucket them for each
 * filter combination.
 */
export { type Granularity, type Period, weekPeriods, monthPeriods, yearPeriods, periodsFor, lastCoveredDay } from './periods.ts';
export {
  type OpportunityRecord,
  type PreparedOpportunities,
  type DayRecord,
  UNITS_PER_CURRENCY_UNIT,
  prepareOpportunities,
  prepareDays,
  localDayOfCreatedDate,
} from './prepare.ts';
export { type Bucket, type RevenueFilters, ALL_SALESPERSONS, bucketRevenue, sumsRawRevenue } from './bucket-revenue.ts';
export { FIRST_SELECTABLE_YEAR, dateRangeLabel, selectableYears } from './date-range.ts';
export { type RangeTotals, type RangeFilters, rangeTotals, sameRangeLastYear, changeAgainst } from './headline.ts';
