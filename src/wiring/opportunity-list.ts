import { opportunityListMachine } from '../machines/opportunity-list.ts';
import { loadYearFrom } from './load-year.ts';
import { logError, type Wiring } from './wiring.ts';

export const opportunityListFlow: Wiring<typeof opportunityListMachine> = ({ api }) =>
  opportunityListMachine.provide({ actors: { loadYear: loadYearFrom(api) }, actions: { logError } });
