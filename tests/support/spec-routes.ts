/**
 * Section 2's list of protected routes, each a screen behind the protective wrapper in
 * the default layout, in the specification's notation. Copied from the specification by
 * hand: the browser tests hold the app to it (routes.test.ts signed out, the accessibility
 * walk signed in).
 */
export const PROTECTED_ROUTES = [
  '/dashboard',
  '/calendar',
  '/pipeline',
  '/activity',
  '/add-Activity',
  '/edit-Activity/{id}',
  '/add-Calendar',
  '/edit-Calendar/{id}',
  '/email-attachment',
  '/opportunity',
  '/add-Opportunity',
  '/edit-Opportunity/{id}',
  '/customer',
  '/add-Customer',
  '/edit-Customer/{id}',
  '/salesperson',
  '/edit-Salesperson/{id}',
  '/team',
  '/add-Team',
  '/edit-Team/{id}',
] as const;
