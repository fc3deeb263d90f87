import { fromPromise } from 'xstate';
import { ApiError, found, type CrmClient, type Schemas } from '../api/client.ts';
import type { Caller } from '../domain/session/profile.ts';
import { pipelineBoardMachine, type BoardRequest, type CardsRequest, type LoadedBoard, type SaveMoveRequest } from '../machines/pipeline-board.ts';
import { feedback, type Wiring } from './wiring.ts';

/** The board's columns in the browser's time zone, so a deal sits in the year its person sees. */
const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** /pipeline's flow: the board's own answers, and moves saved through the opportunity update. */
export const pipelineBoardFlow: Wiring<typeof pipelineBoardMachine> = ({ quietApi }, caller) =>
  pipelineBoardMachine.provide({
    actors: {
      loadBoard: fromPromise(({ input }) => loadBoard(quietApi, caller, input)),
      loadCards: fromPromise(({ input }) => loadCards(quietApi, input)),
      saveMove: fromPromise(({ input }) => saveMove(quietApi, input)),
    },
    actions: { notifyError: feedback.notifyError, logError: feedback.logError },
  });

async function loadBoard(api: CrmClient, caller: Pick<Caller, 'email'>, input: BoardRequest): Promise<LoadedBoard> {
  const tenant = { tenant_id: input.tenantId };
  const salesperson = input.salespersonId === null ? {} : { salesperson: input.salespersonId };
  const [columns, salespersons] = await Promise.all([
    found(api.GET('/api/opportunities/board/{tenant_id}', { params: { path: tenant, query: { year: input.year, zone: zone(), ...salesperson } } })),
    found(api.GET('/api/salespersons/getAllData/{tenant_id}', { params: { path: tenant } })),
  ]);
  const own = salespersons.find((person) => person.email === caller.email.toLowerCase());
  return {
    columns,
    salespersons: salespersons.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
    ownSalespersonId: own?.id ?? null,
  };
}

function loadCards(api: CrmClient, input: CardsRequest) {
  const cursor = input.after ? { after_revenue: input.after.revenue, after_probability: input.after.probability, after_id: input.after.id } : {};
  const salesperson = input.salespersonId === null ? {} : { salesperson: input.salespersonId };
  return found(
    api.GET('/api/opportunities/board/{tenant_id}/cards', {
      params: { path: { tenant_id: input.tenantId }, query: { year: input.year, zone: zone(), stage: input.stage, ...salesperson, ...cursor } },
    }),
  );
}

/**
 * The deal as stored now, with the new stage and probability: read first so that a
 * change made elsewhere since the board loaded is kept, and a deal deleted meanwhile
 * is refused in words.
 */
async function saveMove(api: CrmClient, move: SaveMoveRequest) {
  try {
    const stored = await found(api.GET('/api/opportunities/{id}', { params: { path: { id: move.id } } }));
    const { id: _, ...body } = stored;
    // The board lets deals go only to the pipeline's own stages (BoardColumn.droppable).
    const stage = move.stage as Schemas['OpportunityStage'];
    return await found(api.PUT('/api/opportunities/{id}', { params: { path: { id: move.id } }, body: { ...body, stage, probability: move.probability } }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Error('it was deleted meanwhile.');
    throw error;
  }
}
