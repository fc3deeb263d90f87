import { formatMoney, formatMoneyCompact } from '../../domain/money.ts';
import { changeAgainst, type RangeTotals } from '../../domain/revenue/index.ts';
import type { Headline as HeadlineFigures } from '../../machines/dashboard.ts';

function changeText(change: number | null, year: number): string {
  if (change === null) return `nothing in the same period of ${year}`;
  const percent = Math.round(change * 1000) / 10;
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : '±';
  return `${sign}${Math.abs(percent).toLocaleString('en-US')}% against the same period of ${year}`;
}

function shown(totals: RangeTotals, weighted: boolean): number {
  return weighted ? totals.weighted : totals.raw;
}

/**
 * The figures over the chart: the range's total both ways, how many
 * opportunities it holds, and the change against the same range last year in
 * the figure the chart shows.
 */
export function Headline({ headline, year, currency }: { headline: HeadlineFigures; year: number; currency: string }) {
  const { totals, lastYear, comparing, weighted } = headline;
  return (
    <dl className="headline" aria-label="Headline figures">
      <div className={weighted ? 'headline__figure headline__figure--shown' : 'headline__figure'}>
        <dt>Weighted revenue</dt>
        <dd title={formatMoney(totals.weighted, currency)}>{formatMoneyCompact(totals.weighted, currency)}</dd>
      </div>
      <div className={weighted ? 'headline__figure' : 'headline__figure headline__figure--shown'}>
        <dt>Unweighted revenue</dt>
        <dd title={formatMoney(totals.raw, currency)}>{formatMoneyCompact(totals.raw, currency)}</dd>
      </div>
      <div className="headline__figure">
        <dt>Opportunities</dt>
        <dd>{totals.count.toLocaleString('en-US')}</dd>
      </div>
      {comparing ? (
        <div className="headline__figure" aria-busy="true">
          <dt>Change ({weighted ? 'weighted' : 'unweighted'})</dt>
          <dd className="headline__pending">Comparing with {year - 1}…</dd>
        </div>
      ) : null}
      {lastYear ? (
        <div className="headline__figure">
          <dt>Change ({weighted ? 'weighted' : 'unweighted'})</dt>
          <dd>{changeText(changeAgainst(shown(totals, weighted), shown(lastYear, weighted)), year - 1)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
