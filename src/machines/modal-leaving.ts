import { formChanged } from './record-editor.ts';

/**
 * What a form modal (Create User, Update User) keeps to ask before its changes are
 * lost, as the record editors ask: closing it (Close, Escape, the backdrop) or
 * leaving the page (a link, Back) with a changed form asks first.
 */
export interface LeavingContext<Form> {
  form: Form;
  /** The form as the modal opened: what the person has changed is the difference. */
  loadedForm: Form;
  /** Where the person asked to go while the form had changes; null when they asked to close. */
  leaveTo: string | null;
}

/** Leaving a modal with changes: asked for (a link or Back), then confirmed or not. */
export type LeavingEvent = { type: 'leave.request'; to: string } | { type: 'leave.confirm' } | { type: 'leave.cancel' };

/** A modal's context as it opens with `form`: nothing changed, nowhere to go. */
export function openedWith<Form>(form: Form): Pick<LeavingContext<Form>, 'form' | 'loadedForm' | 'leaveTo'> {
  return { form, loadedForm: form, leaveTo: null };
}

/** The guards the transitions below name; each modal's setup lists them. */
export const leavingGuards = {
  formChanged: ({ context }: { context: LeavingContext<object> }) => formChanged(context),
  leavingPage: ({ context }: { context: LeavingContext<object> }) => context.leaveTo !== null,
};

/** Where a confirmed leave goes, for the modal's navigate action. */
export const leaveDestination = ({ context }: { context: LeavingContext<object> }) => ({ to: context.leaveTo! });

/** The editing state's transitions: an unchanged form closes at once and lets a person go unasked. */
export const leavingTransitions = {
  'modal.close': [{ guard: 'formChanged', target: 'confirmingLeave', actions: 'holdClosing' }, { target: 'closed' }],
  'leave.request': { guard: 'formChanged', target: 'confirmingLeave', actions: 'holdLeaving' },
} as const;

/** The question, and the two ends of a modal left unsaved: closed, or left for another page. */
export const leavingStates = {
  confirmingLeave: {
    tags: ['askingToLeave'],
    on: {
      'leave.confirm': [{ guard: 'leavingPage', target: 'left' }, { target: 'closed' }],
      'leave.cancel': { target: 'editing', actions: 'stay' },
    },
  },
  left: {
    type: 'final',
    entry: { type: 'navigate', params: leaveDestination },
    output: { saved: false },
  },
  closed: {
    type: 'final',
    output: { saved: false },
  },
} as const;
