import type { ChartState, ChartTransition, MachineChart } from '../../src/ui/machine-charts/describe.ts';

/**
 * A Mermaid stateDiagram-v2 of a chart. Each transition is written inside the
 * innermost state that holds both ends, which is where Mermaid draws it best;
 * transitions declared on the machine itself (they apply in every state) have
 * no box to start from and appear in the table only.
 */
export function mermaidDiagram(chart: MachineChart): string {
  const lines = ['stateDiagram-v2'];
  const root = chart.root;
  if (root.kind === 'parallel') {
    lines.push(`  state "${root.key || chart.id}" as ${chart.id} {`);
    writeChildren(root, chart.transitions, lines, '    ');
    lines.push('  }');
  } else {
    writeChildren(root, chart.transitions, lines, '  ');
  }
  return lines.join('\n');
}

function idOf(path: string): string {
  return path.replace(/\./g, '_');
}

function writeChildren(state: ChartState, transitions: ChartTransition[], lines: string[], indent: string): void {
  if (state.initial) lines.push(`${indent}[*] --> ${idOf(state.initial)}`);
  state.children.forEach((child, index) => {
    if (state.kind === 'parallel' && index > 0) lines.push(`${indent}--`);
    if (child.children.length > 0) {
      lines.push(`${indent}state "${child.key}${child.kind === 'parallel' ? ' (parallel)' : ''}" as ${idOf(child.path)} {`);
      writeChildren(child, transitions, lines, `${indent}  `);
      lines.push(`${indent}}`);
    } else {
      lines.push(`${indent}state "${child.key}" as ${idOf(child.path)}`);
    }
    if (child.kind === 'final') lines.push(`${indent}${idOf(child.path)} --> [*]`);
  });
  for (const transition of transitions) {
    if (transition.source === '') continue;
    const ends = transition.targets.length > 0 ? transition.targets : [transition.source];
    for (const target of ends) {
      if (commonAncestor(transition.source, target) !== state.path) continue;
      lines.push(`${indent}${idOf(transition.source)} --> ${idOf(target)} : ${label(transition)}`);
    }
  }
}

/** The innermost compound or parallel state holding both states. */
function commonAncestor(a: string, b: string): string {
  const left = a.split('.');
  const right = b.split('.');
  const shared: string[] = [];
  // Ancestors only: a state is never its own container.
  for (let i = 0; i < Math.min(left.length, right.length) - 1 && left[i] === right[i]; i++) shared.push(left[i]!);
  return shared.join('.');
}

function label(transition: ChartTransition): string {
  const text = transition.guard ? `${transition.event} [${transition.guard}]` : transition.event;
  // '#' and ';' end a statement in Mermaid.
  return text.replace(/#/g, '#35;').replace(/;/g, '#59;');
}
