import { opportunityYearMachine } from '../machines/opportunity-year.ts';
import { loadYearFrom } from './load-year.ts';
import { logError, type Wiring } from './wiring.ts';

/** The pipeline's flow: one year's opportunities. */
export const opportunityYearFlow: Wiring<typeof opportunityYearMachine> = ({ api }) =>
  opportunityYearMachine.provide({ actors: { loadYear: loadYearFrom(api) }, actions: { logError } });
