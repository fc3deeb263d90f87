import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Attachment } from '../api/client.ts';

/** The attachment record the library shows, as the API sends it. */
export type { Attachment };
import { uploadProblem } from '../domain/attachments/rules.ts';
import { searchAttachments } from '../domain/attachments/search.ts';

/** What the library opens with: the tenant's files (the opportunity to link one to is searched as it is chosen). */
export interface AttachmentLibrary {
  attachments: readonly Attachment[];
}

/** The upload form: the chosen file (not yet read), the optional opportunity and note. */
export interface UploadDraft {
  file: File | null;
  opportunityId: number | null;
  note: string;
}

export interface UploadRequest {
  file: File;
  opportunityId: number | null;
  note: string;
}

export interface EmailAttachmentsContext {
  tenantId: number;
  attachments: readonly Attachment[];
  search: string;
  /** `attachments` filtered by the search text. */
  visible: readonly Attachment[];
  draft: UploadDraft;
  /** Why the chosen file or note cannot be uploaded, shown by the form; null when nothing is wrong. */
  problem: string | null;
  /** The attachment being confirmed for deletion, deleted, or downloaded. */
  targetId: number | null;
}

export type EmailAttachmentsEvent =
  | { type: 'retry' }
  | { type: 'search.change'; value: string }
  | { type: 'upload.choose'; file: File }
  | { type: 'upload.change'; patch: Partial<Pick<UploadDraft, 'opportunityId' | 'note'>> }
  | { type: 'upload.clear' }
  | { type: 'upload.submit' }
  | { type: 'attachment.download'; id: number }
  | { type: 'attachment.delete'; id: number }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

const blankDraft: UploadDraft = { file: null, opportunityId: null, note: '' };
export const NO_FILE_MESSAGE = 'Choose a file to upload.';
export const UPLOADED_MESSAGE = 'Attachment uploaded successfully';
export const DELETED_MESSAGE = 'Attachment deleted successfully';

/**
 * The e-mail attachment library (/email-attachment): the tenant's files, searchable;
 * one upload, download or delete at a time, a delete only after it is confirmed. A
 * file that is too large or badly named is refused before anything is sent. Reading
 * the chosen file and saving downloaded bytes are the browser's: they arrive as the
 * uploadAttachment actor and the saveFile action.
 */
export const emailAttachmentsMachine = setup({
  types: {
    input: {} as { tenantId: number },
    context: {} as EmailAttachmentsContext,
    events: {} as EmailAttachmentsEvent,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    loadLibrary: fromPromise<AttachmentLibrary, { tenantId: number }>(async () => {
      throw new Error('loadLibrary must be provided');
    }),
    uploadAttachment: fromPromise<Attachment, UploadRequest>(async () => {
      throw new Error('uploadAttachment must be provided');
    }),
    fetchContent: fromPromise<ArrayBuffer, { id: number }>(async () => {
      throw new Error('fetchContent must be provided');
    }),
    deleteAttachment: fromPromise<void, { id: number }>(async () => {
      throw new Error('deleteAttachment must be provided');
    }),
  },
  actions: {
    notifySuccess: (_, _params: { message: string }) => {},
    /** Hands downloaded bytes to the browser as a file to save. */
    saveFile: (_, _params: { fileName: string; bytes: ArrayBuffer }) => {},
    /** The API client has already shown the server's message; this only logs. */
    logError: (_, _params: { error: unknown }) => {},
    acceptLibrary: assign(({ context }, params: { library: AttachmentLibrary }) => ({
      attachments: params.library.attachments,
      visible: searchAttachments(params.library.attachments, context.search),
    })),
    search: assign(({ context, event }) => {
      assertEvent(event, 'search.change');
      return { search: event.value, visible: searchAttachments(context.attachments, event.value) };
    }),
    chooseFile: assign(({ context, event }) => {
      assertEvent(event, 'upload.choose');
      const problem = uploadProblem(event.file, context.draft.note);
      // A refused file is not kept: the form shows why, and nothing can be sent.
      return { problem, draft: { ...context.draft, file: problem === null ? event.file : null } };
    }),
    changeDraft: assign(({ context, event }) => {
      assertEvent(event, 'upload.change');
      const draft = { ...context.draft, ...event.patch };
      return { draft, problem: draft.file ? uploadProblem(draft.file, draft.note) : null };
    }),
    clearDraft: assign({ draft: blankDraft, problem: null }),
    // Without a file, the reason the last one was refused still says the most.
    refuseUpload: assign(({ context }) => ({
      problem: context.draft.file ? uploadProblem(context.draft.file, context.draft.note) : (context.problem ?? NO_FILE_MESSAGE),
    })),
    addUploaded: assign(({ context }, params: { attachment: Attachment }) => {
      const attachments = [params.attachment, ...context.attachments];
      return { attachments, visible: searchAttachments(attachments, context.search), draft: blankDraft, problem: null };
    }),
    target: assign(({ event }) => {
      assertEvent(event, ['attachment.download', 'attachment.delete']);
      return { targetId: event.id };
    }),
    forgetTarget: assign({ targetId: null }),
    removeTarget: assign(({ context }) => {
      const attachments = context.attachments.filter((attachment) => attachment.id !== context.targetId);
      return { attachments, visible: searchAttachments(attachments, context.search), targetId: null };
    }),
  },
  guards: {
    isEmpty: ({ context }) => context.attachments.length === 0,
    hasAttachments: ({ context }) => context.attachments.length > 0,
    canUpload: ({ context }) => context.draft.file !== null && uploadProblem(context.draft.file, context.draft.note) === null,
    isListed: ({ context, event }) => {
      assertEvent(event, ['attachment.download', 'attachment.delete']);
      return context.attachments.some((attachment) => attachment.id === event.id);
    },
  },
}).createMachine({
  id: 'emailAttachments',
  context: ({ input }) => ({
    tenantId: input.tenantId,
    attachments: [],
    search: '',
    visible: [],
    draft: blankDraft,
    problem: null,
    targetId: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadLibrary',
        input: ({ context }) => ({ tenantId: context.tenantId }),
        onDone: { target: 'library', actions: { type: 'acceptLibrary', params: ({ event }) => ({ library: event.output }) } },
        onError: { target: 'failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'retry': 'loading' } },
    library: {
      type: 'parallel',
      states: {
        // Whether there is anything to list; an upload or a delete can change it.
        list: {
          initial: 'ready',
          states: {
            ready: { always: { guard: 'isEmpty', target: 'empty' } },
            empty: { always: { guard: 'hasAttachments', target: 'ready' } },
          },
        },
        work: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'search.change': { actions: 'search' },
                'upload.choose': { actions: 'chooseFile' },
                'upload.change': { actions: 'changeDraft' },
                'upload.clear': { actions: 'clearDraft' },
                'upload.submit': [{ guard: 'canUpload', target: 'uploading' }, { actions: 'refuseUpload' }],
                'attachment.download': { guard: 'isListed', target: 'downloading', actions: 'target' },
                'attachment.delete': { guard: 'isListed', target: 'confirmingDelete', actions: 'target' },
              },
            },
            uploading: {
              tags: ['busy'],
              on: { 'search.change': { actions: 'search' } },
              invoke: {
                src: 'uploadAttachment',
                input: ({ context }) => ({ file: context.draft.file!, opportunityId: context.draft.opportunityId, note: context.draft.note }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'addUploaded', params: ({ event }) => ({ attachment: event.output }) },
                    { type: 'notifySuccess', params: { message: UPLOADED_MESSAGE } },
                  ],
                },
                // The form keeps the file, link and note, so the upload can be tried again.
                onError: { target: 'idle', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            downloading: {
              tags: ['busy'],
              on: { 'search.change': { actions: 'search' } },
              invoke: {
                src: 'fetchContent',
                input: ({ context }) => ({ id: context.targetId! }),
                onDone: {
                  target: 'idle',
                  actions: [
                    {
                      type: 'saveFile',
                      params: ({ context, event }) => ({
                        fileName: context.attachments.find((attachment) => attachment.id === context.targetId)!.file_name,
                        bytes: event.output,
                      }),
                    },
                    'forgetTarget',
                  ],
                },
                onError: { target: 'idle', actions: [{ type: 'logError', params: ({ event }) => ({ error: event.error }) }, 'forgetTarget'] },
              },
            },
            confirmingDelete: {
              on: {
                'delete.confirm': 'deleting',
                'delete.cancel': { target: 'idle', actions: 'forgetTarget' },
              },
            },
            deleting: {
              tags: ['busy'],
              invoke: {
                src: 'deleteAttachment',
                input: ({ context }) => ({ id: context.targetId! }),
                onDone: { target: 'idle', actions: ['removeTarget', { type: 'notifySuccess', params: { message: DELETED_MESSAGE } }] },
                onError: { target: 'idle', actions: [{ type: 'logError', params: ({ event }) => ({ error: event.error }) }, 'forgetTarget'] },
              },
            },
          },
        },
      },
    },
  },
});
