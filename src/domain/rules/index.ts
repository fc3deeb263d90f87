/**
 * Every field rule and role rule of the CRM, in one place: the forms, the
 * machines and the server routes import them from here, so a rule changed here
 * changes everywhere at once.
 *
 * Which rules each route answers with (problems become `refusalOf(problems)`, 400):
 * - POST /api/auth/signup: signupProblems({ email, password, retypedPassword: password }).
 * - POST /api/users and POST /api/salespersons (both sent by Create User):
 *   newUserProblems, the Create User phone shape included; creationRefusal for the role.
 * - PUT /api/users/…: userChangeProblems (password '' on the nohash routes), then
 *   updateRefusal(caller, stored user, change) for the role rules (403 without a field).
 * - PUT /api/salespersons/{id}: salespersonProblems (the Edit Salesperson phone shape).
 * - Record bodies: opportunityWriteProblems, customerWriteProblems, teamWriteProblems,
 *   activityWriteProblems, eventWriteProblems.
 * - Any server refusal is read back by the app with refusalOfAnswer.
 */
export * from './amounts.ts';
export * from './fields.ts';
export * from './people.ts';
export * from './problems.ts';
export * from './roles.ts';
export * from './records.ts';
export * from './refusals.ts';
