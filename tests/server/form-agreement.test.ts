import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorLogic } from 'xstate';
import type { Salesperson, User } from '../../src/api/client.ts';
import { BLANK_CUSTOMER_FORM, customerWrite, type CustomerForm } from '../../src/domain/customers/form.ts';
import { ADMIN, SUPER_ADMIN, USER } from '../../src/domain/rules/roles.ts';
import { createUserMachine } from '../../src/machines/create-user.ts';
import { customerEditorMachine } from '../../src/machines/customer-editor.ts';
import { salespersonEditorMachine } from '../../src/machines/salesperson-editor.ts';
import { signupMachine } from '../../src/machines/signup.ts';
import { updateUserMachine } from '../../src/machines/update-user.ts';
import { DEVELOPER_WORDS } from '../support/refusals.ts';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

/**
 * Issue 14, "agreement proven by properties": for each form, the screen's verdict
 * (its real machine, as the screen runs it) and the server's (the real route, through
 * Fastify's inject) on the same typed input. Either the form sends and the server
 * does not refuse the body, or the form shows problems and the server refuses that
 * very body with the same fields and the same words. A rule changed on one side
 * only (a machine, the server's body rules, the contract's schema) fails here.
 */
type Problems = Record<string, string>;
/** What the form does with the input: the body it sends, or the problems it shows. */
type ScreenVerdict = { sends: unknown } | { shows: Problems };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const RUNS = { numRuns: 40 };

/** Text a person might type: plain, unicode, spaces only, empty, and long. */
const typed = fc.oneof(
  fc.constant(''),
  fc.constant('   '),
  fc.string({ maxLength: 12 }),
  fc.string({ maxLength: 12, unit: 'grapheme' }),
  fc.string({ minLength: 195, maxLength: 210, unit: 'grapheme-ascii' }),
);
let serial = 0;
/** E-mails: fresh valid ones (unicode included), broken ones, and arbitrary text. */
const emails = fc.oneof(
  fc.constantFrom('fresh', 'jürgen', 'ünïcode').map((local) => `${local}.${++serial}@agree.test`),
  fc.constantFrom('no-at-sign', 'two@@agree.test', 'spa ce@agree.test', 'a@b', '@agree.test'),
  typed,
);
const passwords = fc.oneof(fc.constant('tulip-harbour-42'), fc.constant('12345678'), fc.constant('123456789'), fc.constant('password1'), typed);
const userPhones = fc.oneof(fc.stringMatching(/^\+?[0-9]{1,16}$/), fc.constantFrom('+15550100', '0123', '+1 555 0101', ''), typed);
const salespersonPhones = fc.oneof(fc.stringMatching(/^(\+|00|0)?[0-9 ]{0,18}$/), fc.constantFrom('+49 30 1234567', '0800-123', '12', '+0 20'), typed);

function problemsOf(context: { problems: readonly { field: string; message: string }[] }): Problems {
  return Object.fromEntries(context.problems.map((problem) => [problem.field, problem.message]));
}

/** Runs a form machine, its save replaced by one that records what it would send. */
async function verdictOf(
  logic: AnyActorLogic,
  input: unknown,
  type: (actor: ReturnType<typeof createActor<AnyActorLogic>>) => void,
  submit: { type: string },
  sent: { body?: unknown },
  ready: (snapshot: any) => boolean = () => true,
): Promise<{ verdict: ScreenVerdict; context: any }> {
  const actor = createActor(logic, { input });
  actor.start();
  await waitFor(actor, ready);
  type(actor);
  actor.send(submit);
  const { context } = actor.getSnapshot();
  actor.stop();
  return { verdict: sent.body === undefined ? { shows: problemsOf(context) } : { sends: sent.body }, context };
}

interface Answer {
  statusCode: number;
  json(): unknown;
}

/** The server's verdict against the screen's: see the file's comment. */
function expectAgreement(screen: ScreenVerdict, answer: Answer, context: string) {
  const body = answer.json() as { message?: string; fields?: Problems };
  if ('sends' in screen) {
    expect([400, 403], `${context}: the form sent it, the server refused ${JSON.stringify(body)}`).not.toContain(answer.statusCode);
    return;
  }
  expect([400, 409], `${context}: the form showed ${JSON.stringify(screen.shows)}, the server answered ${answer.statusCode}`).toContain(answer.statusCode);
  expect(body.fields, context).toEqual(screen.shows);
  expect(JSON.stringify(body)).not.toMatch(DEVELOPER_WORDS);
}

describe('the forms and the server agree, field by field and word for word', () => {
  test.prop([emails, passwords, fc.oneof(passwords, fc.constant('same'))], RUNS)('sign-up: POST /api/auth/signup', async (email, password, retyped) => {
    const retypedPassword = retyped === 'same' ? password : retyped;
    const sent: { body?: unknown } = {};
    const logic = signupMachine.provide({
      actors: {
        submitSignup: fromPromise(async ({ input }) => {
          sent.body = input;
          return { status: 0, ok: false, problems: [] };
        }),
      },
    });
    const { verdict } = await verdictOf(
      logic,
      undefined,
      (actor) => {
        actor.send({ type: 'form.change', field: 'email', value: email });
        actor.send({ type: 'form.change', field: 'password', value: password });
        actor.send({ type: 'form.change', field: 'retypedPassword', value: retypedPassword });
      },
      { type: 'signup.submit' },
      sent,
    );
    // The re-typed password never leaves the screen: the server can only judge the two it gets.
    if ('shows' in verdict && Object.keys(verdict.shows).every((field) => field === 'retypedPassword')) return;
    const shown = 'shows' in verdict ? { shows: withoutField(verdict.shows, 'retypedPassword') } : verdict;
    const answer = await server.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: email.trim(), password } });
    expectAgreement(shown, answer, 'sign-up');
  });

  test.prop([typed, emails, passwords, userPhones, userPhones, fc.constantFrom(ADMIN, USER)], RUNS)(
    'Create User (as the Super Admin): POST /api/users and POST /api/salespersons',
    async (name, email, password, phone, mobile, role) => {
      const sent: { body?: unknown } = {};
      const existing = (await server.db.query<{ email: string }>('select email from users where tenant_id = 1')).map((row) => row.email);
      const logic = createUserMachine.provide({
        actors: {
          createUser: fromPromise(async ({ input }) => {
            sent.body = input;
            throw new Error('recorded');
          }),
        },
      });
      const typedFields = { name, email, password, phone, mobile };
      const { verdict } = await verdictOf(
        logic,
        { currentRoleId: SUPER_ADMIN, existingEmails: new Set(existing) },
        (actor) => {
          for (const [field, value] of Object.entries(typedFields)) actor.send({ type: 'form.change', field, value });
          actor.send({ type: 'form.role.change', roleId: role });
        },
        { type: 'form.submit' },
        sent,
      );
      const headers = await server.as('admin@demo.test');
      const user = { name: name.trim(), email: email.trim(), password, role_id: role, status: 1 };
      const person = { name: name.trim(), email: email.trim(), phone: phone.trim(), mobile: mobile.trim(), status: 1 };
      // The salesperson is checked first: it carries the phones, and a valid one saves nothing without its user.
      const salesperson = await server.app.inject({ method: 'POST', url: '/api/salespersons', headers, payload: person });
      const userAnswer = await server.app.inject({ method: 'POST', url: '/api/users', headers, payload: user });
      const fields = { ...(salesperson.json() as { fields?: Problems }).fields, ...(userAnswer.json() as { fields?: Problems }).fields };
      const refused = salesperson.statusCode >= 400 || userAnswer.statusCode >= 400;
      if ('sends' in verdict) {
        expect(refused, `the form sent it, the server refused ${JSON.stringify(fields)}`).toBe(false);
      } else {
        expect(fields).toEqual(verdict.shows);
        expect(JSON.stringify(fields)).not.toMatch(DEVELOPER_WORDS);
      }
    },
  );

  test.prop([typed, emails, fc.oneof(fc.constant(''), passwords), fc.constantFrom(ADMIN, USER)], RUNS)(
    'Update User (as manager@demo.test, an Admin, on a User): PUT /api/users/{id} or /nohash/{id}',
    async (name, email, newPassword, role) => {
      const [target] = await server.db.query<User>("select id, name, email, role_id, '********' as password from users where email = 'rep@demo.test'");
      const existing = (await server.db.query<{ email: string }>('select email from users where tenant_id = 1')).map((row) => row.email);
      const sent: { body?: unknown } = {};
      const logic = updateUserMachine.provide({
        actors: {
          updateUser: fromPromise(async ({ input }) => {
            sent.body = input;
            throw new Error('recorded');
          }),
        },
      });
      const { verdict } = await verdictOf(
        logic,
        { user: target!, caller: { id: 2, role_id: ADMIN }, existingEmails: new Set(existing) },
        (actor) => {
          actor.send({ type: 'form.change', field: 'name', value: name });
          actor.send({ type: 'form.change', field: 'email', value: email });
          actor.send({ type: 'form.change', field: 'newPassword', value: newPassword });
          actor.send({ type: 'form.role.change', roleId: role });
        },
        { type: 'form.submit' },
        sent,
      );
      // Only the verdict matters here; the request is the one the machine's route choice makes.
      const path = newPassword === '' ? `/api/users/nohash/${target!.id}` : `/api/users/${target!.id}`;
      const payload = { name, email, role_id: role, password: newPassword === '' ? target!.password : newPassword };
      // Checked, then put back, so every run starts from the same stored user.
      const answer = await server.app.inject({ method: 'PUT', url: path, headers: await server.as('manager@demo.test'), payload });
      await server.db.query('update users set name = $1, email = $2, role_id = $3 where id = $4', [target!.name, target!.email, target!.role_id, target!.id]);
      expectAgreement(verdict, answer, 'Update User');
    },
  );

  test.prop([salespersonPhones, salespersonPhones], RUNS)('Edit Salesperson: PUT /api/salespersons/{id}', async (phone, mobile) => {
    const [stored] = await server.db.query<Salesperson>(
      'select id, name, email, phone, mobile, latest_login, status from salespersons where tenant_id = 1 order by id limit 1',
    );
    const record = { ...stored!, latest_login: stored!.latest_login ? new Date(stored!.latest_login).toISOString() : stored!.latest_login };
    const sent: { body?: unknown } = {};
    const logic = salespersonEditorMachine.provide({
      actors: {
        loadSalesperson: fromPromise(async () => record),
        loadTeams: fromPromise(async () => [] as { id: number; name: string }[]),
        saveSalesperson: fromPromise(async ({ input }) => {
          sent.body = input.body;
          return { id: record.id };
        }),
      },
    });
    const { verdict } = await verdictOf(
      logic,
      { salespersonId: record.id },
      (actor) => {
        actor.send({ type: 'form.change', field: 'phone', value: phone });
        actor.send({ type: 'form.change', field: 'mobile', value: mobile });
      },
      { type: 'form.submit' },
      sent,
      (snapshot) => snapshot.matches({ record: 'editing' }),
    );
    const payload = { name: record.name, email: record.email, phone: phone.trim(), mobile: mobile.trim(), latest_login: record.latest_login, status: record.status };
    const answer = await server.app.inject({ method: 'PUT', url: `/api/salespersons/${record.id}`, headers: await server.as('admin@demo.test'), payload });
    expectAgreement(verdict, answer, 'Edit Salesperson');
  });

  test.prop([typed, typed, emails, salespersonPhones, fc.oneof(typed, fc.string({ minLength: 1995, maxLength: 2005, unit: 'grapheme-ascii' }))], RUNS)(
    'the customer editor: POST /api/customers',
    async (name, company, email, phone, notes) => {
      const form: CustomerForm = { ...BLANK_CUSTOMER_FORM, name, company, email, phone, notes };
      const sent: { body?: unknown } = {};
      const logic = customerEditorMachine.provide({
        actors: {
          loadEditor: fromPromise(async () => ({ form: BLANK_CUSTOMER_FORM, choices: null })),
          saveRecord: fromPromise(async ({ input }) => {
            sent.body = customerWrite(input.form as CustomerForm);
            return { id: 1 };
          }),
        },
      });
      const { verdict } = await verdictOf(
        logic,
        { recordId: null },
        (actor) => actor.send({ type: 'form.change', patch: form }),
        { type: 'form.submit' },
        sent,
        (snapshot) => snapshot.matches('editing'),
      );
      const answer = await server.app.inject({ method: 'POST', url: '/api/customers', headers: await server.as('admin@demo.test'), payload: customerWrite(form) });
      expectAgreement(verdict, answer, 'customer');
    },
  );
});

function withoutField(problems: Problems, field: string): Problems {
  return Object.fromEntries(Object.entries(problems).filter(([name]) => name !== field));
}
