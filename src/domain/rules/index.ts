/**
 * Every field rule and role rule of the CRM, in one place: the forms, the
 * machines and the server routes import them from here, so a rule changed here
 * changes everywhere at once.
 */
export * from './amounts.ts';
export * from './fields.ts';
export * from './people.ts';
export * from './problems.ts';
export * from './roles.ts';
export * from './records.ts';
