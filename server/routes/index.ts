import rateLimitPlugin from '@fastify/rate-limit';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteContext } from '../http/define-route.ts';
import { HttpError } from '../http/define-route.ts';
import { registerAuthRoutes } from './auth.ts';
import { registerUserRoutes } from './users.ts';
import { registerSalespersonRoutes } from './salespersons.ts';
import { registerTeamRoutes } from './teams.ts';
import { registerCustomerRoutes } from './customers.ts';
import { registerOpportunityRoutes } from './opportunities.ts';
import { registerOpportunityRecordRoutes } from './opportunity-records.ts';
import { registerOpportunityViewRoutes } from './opportunity-views.ts';
import { registerOpportunityBoardRoutes } from './opportunity-board.ts';
import { registerCalendarEventRoutes } from './calendar-events.ts';
import { registerActivityRoutes } from './activities.ts';
import { registerAttachmentRoutes } from './attachments.ts';
import { registerRecordRoutes } from './records.ts';
import { registerTenantService } from './tenant-service.ts';
import { registerTenantSettingsRoutes } from './tenant-settings.ts';
import { registerSearchRoutes } from './search.ts';
import { registerSavedViewRoutes } from './saved-views.ts';
import { registerCsvExportRoutes } from './csv-export.ts';
import { registerCsvImportRoutes } from './csv-import.ts';
import { registerBulkRoutes } from './bulk.ts';
import { refuseNulCharacters } from '../http/text-guard.ts';

const ONE_MINUTE_MS = 60_000;

/** The limiter's settings for a public call and for one that needs a caller. */
export interface RateLimits {
  public: Record<string, unknown>;
  signedIn: Record<string, unknown>;
}

/**
 * A public call counts against the client's address (behind TRUST_PROXY's proxies, the
 * address they forward), whatever headers it carries. A call that needs a caller counts
 * against its bearer token, so calls without one (or with another) never spend a
 * signed-in person's budget, and people behind one proxy do not share one.
 */
function rateLimits(max: number): RateLimits {
  const byAddress = (request: FastifyRequest) => `address ${request.ip}`;
  const byToken = (request: FastifyRequest) => {
    const token = BEARER_TOKEN.exec(request.headers.authorization ?? '')?.[1];
    return token ? `token ${createHash('sha256').update(token).digest('base64url')}` : byAddress(request);
  };
  return {
    public: { max, timeWindow: ONE_MINUTE_MS, keyGenerator: byAddress },
    signedIn: { max, timeWindow: ONE_MINUTE_MS, keyGenerator: byToken },
  };
}

const BEARER_TOKEN = /^Bearer (\S+)$/i;

/**
 * The CRM API under /api and the tenant service under /tenant-service. The calls a
 * stranger can reach or that enumerate (sign-up, profile, get-tenant) are limited,
 * each with the configured number per minute (see rateLimits).
 */
export async function registerApiRoutes(app: FastifyInstance, context: RouteContext): Promise<void> {
  // Encapsulated, so the limiter's hooks reach only these routes.
  await app.register(async (api) => {
    // Fastify reads text/plain bodies by default; this API takes JSON only (others get 415).
    api.removeContentTypeParser('text/plain');
    api.addHook('preValidation', refuseNulCharacters);
    await api.register(rateLimitPlugin, {
      global: false,
      errorResponseBuilder: (_request, { after }) => new HttpError(429, `Too many requests; try again in ${after}`),
    });
    const limits = rateLimits(context.config.rateLimitPerMinute);
    registerAuthRoutes(api, context, limits);
    registerUserRoutes(api, context);
    registerSalespersonRoutes(api, context);
    registerTeamRoutes(api, context);
    registerCustomerRoutes(api, context);
    registerOpportunityRoutes(api, context);
    registerOpportunityRecordRoutes(api, context);
    registerOpportunityViewRoutes(api, context);
    registerOpportunityBoardRoutes(api, context);
    registerCalendarEventRoutes(api, context);
    registerActivityRoutes(api, context);
    registerAttachmentRoutes(api, context);
    registerTenantSettingsRoutes(api, context);
    registerCsvExportRoutes(api, context);
    registerCsvImportRoutes(api, context);
    registerBulkRoutes(api, context);
    registerRecordRoutes(api, context);
    registerSearchRoutes(api, context);
    registerSavedViewRoutes(api, context);
    registerTenantService(api, context, limits.public);
  });
}
