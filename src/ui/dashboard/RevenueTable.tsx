import type { Bucket } from '../../domain/revenue/index.ts';
import { formatRevenue } from './format.ts';

/** The chart's numbers as an accessible table, one row per bucket. */
export function RevenueTable({ buckets }: { buckets: readonly Bucket[] }) {
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
          </tr>
        </thead>
        <tbody>
          {buckets.map((bucket) => (
            <tr key={bucket.label}>
              <th scope="row">{bucket.label}</th>
              <td className="revenue-table__amount">{formatRevenue(bucket.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
