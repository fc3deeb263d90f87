import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currencyProblem } from '../../src/domain/money.ts';
import { stageProbabilitiesProblem, type StageProbabilities } from '../../src/domain/opportunities/pipeline.ts';
import { defineRoute, HttpError, type RouteContext } from '../http/define-route.ts';
import { forbidden } from '../http/refusals.ts';
import { SUPER_ADMIN } from '../../src/domain/rules/roles.ts';
import type { AnswerOf } from '../answers/projection.ts';
import { TENANT_SETTINGS } from '../answers/projections.ts';

type TenantSettings = AnswerOf<typeof TENANT_SETTINGS>;

const SELECT_SETTINGS = `select ${TENANT_SETTINGS.select} from ${TENANT_SETTINGS.from} where id = $1`;

/** The tenant's own settings: read by every signed-in user, changed by its Super Admin. */
export function registerTenantSettingsRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;

  defineRoute(app, context, 'get', '/api/tenant/settings', async (request) => {
    const [settings] = await db.query<TenantSettings>(SELECT_SETTINGS, [request.caller.tenantId]);
    return settings;
  });

  type SettingsRequest = FastifyRequest<{ Body: { currency: string; stage_probabilities?: StageProbabilities } }>;
  defineRoute(app, context, 'put', '/api/tenant/settings', async (request: SettingsRequest) => {
    const { caller, body } = request;
    if (caller.roleId !== SUPER_ADMIN) throw forbidden('Only the Super Admin may change the tenant settings');
    // The same rules the settings screen applies, so the server never stores what the app cannot show.
    const problem = currencyProblem(body.currency) ?? (body.stage_probabilities ? stageProbabilitiesProblem(body.stage_probabilities) : null);
    if (problem) throw new HttpError(400, problem);
    const [settings] = await db.query<TenantSettings>(
      `update tenants set currency = $2, stage_probabilities = coalesce($3::jsonb, stage_probabilities)
       where id = $1 returning ${TENANT_SETTINGS.select}`,
      [caller.tenantId, body.currency, body.stage_probabilities ? JSON.stringify(body.stage_probabilities) : null],
    );
    return settings;
  });
}
