import { useMemo } from 'react';
import { machineCatalogue, type CatalogueEntry } from '../../machines/catalogue.ts';
import { describeMachine, type MachineChart } from './describe.ts';
import { renderChartSvg } from './svg.ts';
import './machines.css';

interface ShownMachine {
  entry: CatalogueEntry;
  chart: MachineChart;
  /** The chart as an image address; drawn by the same renderer as docs/machines/<id>.svg. */
  image: string;
}

/**
 * /machines: every machine of the app with its chart and transition table,
 * read-only, for auditors. Drawn from the machine definitions at run time with
 * the code that writes docs/machines/, so the two always agree.
 */
export default function MachinesScreen() {
  const machines = useMemo<ShownMachine[]>(
    () =>
      machineCatalogue.map((entry) => {
        const chart = describeMachine(entry.machine);
        return { entry, chart, image: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderChartSvg(chart))}` };
      }),
    [],
  );

  return (
    <section className="machines" aria-labelledby="machines-title">
      <h1 id="machines-title">Machines</h1>
      <p className="machines__intro">
        Every state and transition of the app's behaviour, read from the machines themselves. Guards and actions are
        named as in the code.
      </p>
      <nav aria-label="Machines">
        <ul className="machines__index">
          {machines.map(({ entry }) => (
            <li key={entry.id}>
              <a href={`#machine-${entry.id}`}>{entry.id}</a> — {entry.governs}
            </li>
          ))}
        </ul>
      </nav>
      {machines.map((machine) => (
        <MachineSection key={machine.entry.id} machine={machine} />
      ))}
    </section>
  );
}

function MachineSection({ machine: { entry, chart, image } }: { machine: ShownMachine }) {
  const titleId = `machine-${entry.id}`;
  return (
    <section className="card machines__machine" aria-labelledby={titleId}>
      <h2 id={titleId}>{entry.id}</h2>
      <p>{entry.governs}</p>
      <div className="machines__chart" tabIndex={0} aria-label={`Chart of the ${entry.id} machine, scrollable`}>
        <img src={image} alt={`State chart of the ${entry.id} machine`} />
      </div>
      <div className="table-scroll" tabIndex={0} aria-labelledby={`${titleId}-transitions`}>
        <table className="table machines__table">
          <caption id={`${titleId}-transitions`}>Transitions of the {entry.id} machine</caption>
          <thead>
            <tr>
              <th scope="col">Source state</th>
              <th scope="col">Event</th>
              <th scope="col">Guard</th>
              <th scope="col">Target</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {chart.transitions.map((transition, index) => (
              <tr key={index}>
                <td>
                  <code>{transition.source || `(${chart.id})`}</code>
                </td>
                <td>
                  <code>{transition.event}</code>
                </td>
                <td>{transition.guard ? <code>{transition.guard}</code> : '—'}</td>
                <td>{transition.targets.length > 0 ? <code>{transition.targets.join(', ')}</code> : '— (stays)'}</td>
                <td>{transition.actions.length > 0 ? <code>{transition.actions.join(', ')}</code> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
