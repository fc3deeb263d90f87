import type { Bucket } from '../../domain/revenue/index.ts';
import { formatMoney } from '../../domain/money.ts';

/** The chart's numbers as an accessible table, one row per bucket. */
export function RevenueTable({ buckets, currency }: { buckets: readonly Bucket[]; currency: string }) {
  return (
    <div className="table-scroll revenue-table" tabIndex={0} aria-labelledby="revenue-table-caption">
      <table className="table">
        <caption id="revenue-table-caption">Revenue by period</caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            <th scope="col" className="revenue-table__amount">
              Revenue
            </th>
            <th scope="col" className="revenue-table__amount">
              Opportunities
            </th>
          </tr>
        </thead>
        <tbody>
          {/* Rows are periods in order: on a filter change each row takes its new period's figures instead of being made anew. */}
          {buckets.map((bucket, position) => (
            <tr key={position}>
              <th scope="row">{bucket.label}</th>
              <td className="revenue-table__amount">{formatMoney(bucket.revenue, currency)}</td>
              <td className="revenue-table__amount">{bucket.count.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
