/** What the bench asks of one Lighthouse run (audit.ts), and what it answers. */
export type AuditJob =
  | { kind: 'performance'; url: string; port: number }
  | { kind: 'dashboard'; baseUrl: string; port: number; email: string; password: string; chartDrawnMark: string; signInTimeoutMs: number };

export interface PerformanceFigures {
  /** 0–100. */
  performance: number;
  totalBlockingTime: number;
  cumulativeLayoutShift: number;
  firstContentfulPaint: number;
  lighthouseVersion: string;
}

export interface DashboardFigures {
  /** When the chart's mark was set, from the navigation's start (ms, throttled). */
  chartDrawnAt: number;
  timeline: string;
  lighthouseVersion: string;
}
