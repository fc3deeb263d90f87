import { assertEvent, assign } from 'xstate';
import type { Problem } from '../domain/rules/problems.ts';
import { formChanged, isFieldRefusal, presentProblems, presentRefusal, type FormProblems } from './form-problems.ts';
import { leavingGuards, type LeavingContext, type LeavingEvent } from './modal-leaving.ts';

/** The events of a user modal (Create User, Update User); `TextField` names its text inputs. */
export type UserFormEvent<TextField extends string> =
  | { type: 'form.change'; field: TextField; value: string }
  | { type: 'form.role.change'; roleId: number }
  | { type: 'form.submit' }
  | { type: 'modal.close' }
  | LeavingEvent;

/** What a user modal's context holds besides its input: the form, what it shows of the rules, the leave question. */
export interface UserFormContext<Form extends { role_id: number }, Field extends string> extends FormProblems<Field>, LeavingContext<Form> {}

/** What the list learns when a user modal is gone: whether it must refetch. */
export interface ModalOutput {
  saved: boolean;
}

/** The one rule a user modal brings: every problem of its form, in the order of its fields, by the request body's names. */
export interface UserFormRules<Context, Field extends string> {
  problemsOf: (context: Context) => readonly Problem<Field>[];
  /** The modal's fields in the order it shows them: a refusal about any other field shows above the form. */
  fields: readonly Field[];
}

/**
 * The actions and guards both user modals name, written once and typed for the
 * modal's own context and events, so that its `setup` keeps inferring every name and
 * payload. Each modal adds what is its own: its actors, which roles it offers, what
 * may be changed.
 */
export function userFormParts<
  Form extends { role_id: number },
  Field extends string,
  Context extends UserFormContext<Form, Field>,
  Event extends UserFormEvent<string>,
>({ problemsOf, fields }: UserFormRules<Context, Field>) {
  /** These actions change only the part of the context every user modal has. */
  const change = (part: Partial<UserFormContext<Form, Field>>) => part as Partial<Context>;
  const changeForm = (context: Context, patch: Partial<Form>) => change(formChanged(context, patch, (form) => problemsOf({ ...context, form })));
  // The assigners read the events as every user modal words them and declare no actors (`never`), so they fit either machine's setup.
  type Assigner<Params = undefined> = Parameters<typeof assign<Context, UserFormEvent<string>, Params, Event, never>>[0];
  const assigner = <Params = undefined>(assignment: Assigner<Params>) => assign<Context, UserFormEvent<string>, Params, Event, never>(assignment);
  return {
    actions: {
      notifySuccess: (_: unknown, _params: { message: string }) => {},
      /** The API client has already shown the server's message; this only logs. */
      logError: (_: unknown, _params: { error: unknown }) => {},
      navigate: (_: unknown, _params: { to: string }) => {},
      /**
       * Readies the password rule's leaked list, which is too large to ship with the
       * screen: asked at the first keystroke, so that it is there by the submit.
       */
      preparePasswordRule: () => {},
      updateField: assigner(({ context, event }) => {
        assertEvent(event, 'form.change');
        return changeForm(context, { [event.field]: event.value } as Partial<Form>);
      }),
      chooseRole: assigner(({ context, event }) => {
        assertEvent(event, 'form.role.change');
        return changeForm(context, { role_id: event.roleId } as Partial<Form>);
      }),
      showProblems: assigner(({ context }) => change(presentProblems(context, problemsOf(context)))),
      showRefusal: assigner<{ error: unknown }>(({ context }, params) => change(presentRefusal(context, params.error, fields))),
      holdClosing: assigner(() => change({ leaveTo: null })),
      holdLeaving: assigner(({ event }) => change({ leaveTo: event.type === 'leave.request' ? event.to : null })),
      stay: assigner(() => change({ leaveTo: null })),
    },
    guards: {
      ...leavingGuards,
      formIsInvalid: ({ context }: { context: Context }) => problemsOf(context).length > 0,
      isFieldRefusal,
    },
  };
}
