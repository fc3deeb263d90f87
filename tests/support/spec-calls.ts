/**
 * The calls of the specification's section 7 ("The calls it makes"), as method and
 * path in the OpenAPI document's notation: the whole API a company must offer. The
 * tenant service's call is listed apart, since it lives on a service of its own.
 * Copied from the specification by hand, so that it can judge the document's markers.
 */
export const SPEC_API_CALLS = [
  'POST /api/auth/signup',
  'GET /api/users/getAllData/{tenant_id}',
  'GET /api/users/{id}',
  'POST /api/users',
  'POST /api/salespersons',
  'PUT /api/users/{id}',
  'PUT /api/users/nohash/{id}',
  'PUT /api/users/admin/{id}',
  'PUT /api/users/admin/nohash/{id}',
  'GET /api/salespersons/{id}',
  'PUT /api/salespersons/{id}',
  'POST /api/teams/searchTeam',
  'GET /api/auth/email',
  'POST /api/opportunities/anlaysis',
  'GET /api/salespersons/getAllData/{tenant_id}',
] as const;

export const SPEC_TENANT_SERVICE_CALL = 'GET /get-tenant';
