import { fileNameProblem, noteProblem } from '../../src/domain/attachments/rules.ts';
import {
  activityWriteProblems,
  customerWriteProblems,
  eventWriteProblems,
  newUserProblems,
  opportunityWriteProblems,
  salespersonProblems,
  signupProblems,
  teamWriteProblems,
  userChangeProblems,
  problemsOf,
  type Problem,
} from '../../src/domain/rules/index.ts';

/**
 * The domain rule each request body answers to (src/domain/rules, the module the forms
 * use), by the name of the body's schema in the contract. The server runs it after the
 * schema, and words the schema's own refusals with it, so a body is refused by the
 * server exactly where and how the form would have refused it.
 */
export type BodyRule = (body: any) => Problem[];

export const bodyRules: Readonly<Record<string, BodyRule>> = {
  SignUpRequest: (body) => signupProblems({ email: body.email, password: body.password, retypedPassword: body.password }),
  // Create User sends both: the user, then its salesperson with the same phone shape.
  UserCreate: (body) => newUserProblems({ phone: '', mobile: '', ...body }),
  SalespersonCreate: (body) => newUserProblems({ password: '', role_id: 0, ...body }),
  UserUpdate: (body) => userChangeProblems(body, body.email),
  UserUpdateKeepingPassword: (body) => userUpdateKeepingPassword(body),
  SalespersonUpdate: (body) => salespersonProblems(body),
  CustomerWrite: (body) => customerWriteProblems(body),
  OpportunityWrite: (body) => opportunityWriteProblems(body),
  ActivityWrite: (body) => activityWriteProblems(body),
  CalendarEventWrite: (body) => eventWriteProblems(body),
  TeamWrite: (body) => teamWriteProblems(body),
  AttachmentUpload: (body) =>
    problemsOf([
      ['file_name', fileNameProblem(body.file_name)],
      ['note', noteProblem(body.note ?? '')],
    ]),
};

/** The nohash routes keep the stored password whatever the body holds (the app sends the mask). */
export const userUpdateKeepingPassword: BodyRule = (body) => userChangeProblems({ ...body, password: '' }, body.email);

/**
 * The rule's problems with the fields the body carries: a field the contract lets a
 * body leave out (Create User's phone on POST /api/users) is not the rule's to demand.
 */
export function problemsOfBody(rule: BodyRule, body: unknown): Problem[] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [];
  return rule(body).filter((problem) => problem.field in body);
}

/**
 * The rule's problems with a body the schema refused: missing or mistyped fields read
 * as empty text, as a form would hold them; undefined when the rule cannot read it.
 */
export function problemsOfRefusedBody(rule: BodyRule, body: unknown, fields: readonly string[]): Problem[] | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const read = { ...(body as Record<string, unknown>) };
  for (const field of fields) if (!(field in read) || (typeof read[field] === 'object' && !Array.isArray(read[field]))) read[field] = '';
  try {
    return rule(read);
  } catch {
    return undefined;
  }
}
