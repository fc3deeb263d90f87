import type { Database } from '../../server/db/database.ts';

/** A node of a plan that reads a table: its kind, and whether it runs as a subplan (once per row of the plan above). */
export interface TableScan {
  nodeType: string;
  inSubPlan: boolean;
}

/**
 * Every node of the database's plan of `sql` that reads `table`. With `onlyHashJoins`, the
 * planner is kept from merge and nested-loop joins (in the statement's own transaction), as
 * drifted statistics can make it prefer a hash: a statement that joins the table then shows it.
 */
export async function scansOf(db: Database, table: string, sql: string, params: readonly unknown[], { onlyHashJoins = false } = {}): Promise<TableScan[]> {
  const plan = await db.transaction(async (tx) => {
    if (onlyHashJoins) {
      await tx.query('set local enable_mergejoin = off');
      await tx.query('set local enable_nestloop = off');
    }
    const [row] = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`, params);
    const text = row!['QUERY PLAN'];
    return (typeof text === 'string' ? JSON.parse(text) : text) as { Plan: PlanNode }[];
  });
  const scans: TableScan[] = [];
  const visit = (node: PlanNode, inSubPlan: boolean) => {
    const here = inSubPlan || node['Parent Relationship'] === 'SubPlan';
    if (node['Relation Name'] === table) scans.push({ nodeType: node['Node Type'], inSubPlan: here });
    for (const child of node.Plans ?? []) visit(child, here);
  };
  for (const { Plan } of plan) visit(Plan, false);
  return scans;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
}
