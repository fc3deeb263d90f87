import type { CsvCell } from './csv.ts';

/**
 * What each CSV export holds: its header row and each record's cells, one place for
 * the server that writes them and the importer that reads its own files back (the
 * import's column guesses know these headers).
 */

export const EXPORT_KINDS = ['opportunities', 'customers', 'activities', 'users'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** An opportunity as the export reads it from the database. */
export interface OpportunityExportRow {
  /** yyyy-MM-dd, the UTC day it was created. */
  created_day: string;
  customer: string;
  salesperson_name: string;
  salesperson_email: string;
  stage: string;
  revenue: number;
  probability: number;
}

export interface CustomerExportRow {
  name: string;
  company: string;
  email: string;
  phone: string;
  notes: string;
  created_day: string;
}

export interface ActivityExportRow {
  /** RFC 3339 in UTC. */
  due_at: string;
  kind: string;
  subject: string;
  done: boolean;
  duration_minutes: number | null;
  salesperson_name: string;
  customer: string | null;
  notes: string;
}

export interface UserExportRow {
  name: string;
  email: string;
  role: string;
  phone: string;
  mobile: string;
}

export const OPPORTUNITY_HEADER = ['Created', 'Customer', 'Salesperson', 'Salesperson email', 'Stage', 'Revenue', 'Probability', 'Weighted revenue'] as const;
export const CUSTOMER_HEADER = ['Name', 'Company', 'Email', 'Phone', 'Notes', 'Created'] as const;
export const ACTIVITY_HEADER = ['Due', 'Kind', 'Subject', 'Done', 'Duration (minutes)', 'Salesperson', 'Customer', 'Notes'] as const;
export const USER_HEADER = ['Name', 'Email', 'Role', 'Phone', 'Mobile'] as const;

/** Weighted revenue as the spec defines it (revenue × probability / 100), to the cent. */
function weighted(revenue: number, probability: number): number {
  return Math.round(revenue * probability) / 100;
}

export function opportunityCells(row: OpportunityExportRow): CsvCell[] {
  return [row.created_day, row.customer, row.salesperson_name, row.salesperson_email, row.stage, row.revenue, row.probability, weighted(row.revenue, row.probability)];
}

export function customerCells(row: CustomerExportRow): CsvCell[] {
  return [row.name, row.company, row.email, row.phone, row.notes, row.created_day];
}

export function activityCells(row: ActivityExportRow): CsvCell[] {
  return [row.due_at, row.kind, row.subject, row.done ? 'yes' : 'no', row.duration_minutes ?? '', row.salesperson_name, row.customer ?? '', row.notes];
}

export function userCells(row: UserExportRow): CsvCell[] {
  return [row.name, row.email, row.role, row.phone, row.mobile];
}

/** The file name a download is offered under: what it holds and the day it was made. */
export function exportFileName(kind: ExportKind, today: Date): string {
  return `${kind}-${today.toISOString().slice(0, 10)}.csv`;
}
