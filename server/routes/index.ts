import rateLimitPlugin from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../http/define-route.ts';
import { HttpError } from '../http/define-route.ts';
import { registerAuthRoutes } from './auth.ts';
import { registerUserRoutes } from './users.ts';
import { registerSalespersonRoutes } from './salespersons.ts';
import { registerTeamRoutes } from './teams.ts';
import { registerCustomerRoutes } from './customers.ts';
import { registerOpportunityRoutes } from './opportunities.ts';
import { registerOpportunityRecordRoutes } from './opportunity-records.ts';
import { registerCalendarEventRoutes } from './calendar-events.ts';
import { registerActivityRoutes } from './activities.ts';
import { registerAttachmentRoutes } from './attachments.ts';
import { registerTenantService } from './tenant-service.ts';
import { refuseNulCharacters } from '../http/text-guard.ts';

const ONE_MINUTE_MS = 60_000;

/**
 * The CRM API under /api and the tenant service under /tenant-service. The calls a
 * stranger can reach or that enumerate (sign-up, profile, get-tenant) are limited
 * per client address, each with the configured number per minute.
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
    const rateLimit = { max: context.config.rateLimitPerMinute, timeWindow: ONE_MINUTE_MS };
    registerAuthRoutes(api, context, rateLimit);
    registerUserRoutes(api, context);
    registerSalespersonRoutes(api, context);
    registerTeamRoutes(api, context);
    registerCustomerRoutes(api, context);
    registerOpportunityRoutes(api, context);
    registerOpportunityRecordRoutes(api, context);
    registerCalendarEventRoutes(api, context);
    registerActivityRoutes(api, context);
    registerAttachmentRoutes(api, context);
    registerTenantService(api, context, rateLimit);
  });
}
