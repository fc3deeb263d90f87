import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Attachment } from '../../../src/api/client';
import { FILE_TOO_LARGE_MESSAGE, MAX_ATTACHMENT_BYTES } from '../../../src/domain/attachments/rules';
import {
  DELETED_MESSAGE,
  NO_FILE_MESSAGE,
  UPLOADED_MESSAGE,
  emailAttachmentsMachine,
  type AttachmentLibrary,
  type UploadRequest,
} from '../../../src/machines/email-attachments';

function attachment(id: number, file_name: string, extra: Partial<Attachment> = {}): Attachment {
  return {
    id,
    file_name,
    media_type: 'application/pdf',
    size_bytes: 2048,
    sha256: 'a'.repeat(64),
    opportunity_id: null,
    opportunity_customer: null,
    uploaded_by: 3,
    uploaded_by_name: 'Riley Rep',
    note: '',
    created_at: '2026-06-01T10:00:00.000Z',
    ...extra,
  };
}

const library: AttachmentLibrary = {
  attachments: [attachment(2, 'Quote Q-1001.pdf', { opportunity_id: 9, opportunity_customer: 'Acme Corp' }), attachment(1, 'Price list.csv')],
};

/** A file of that many bytes, without allocating them: only its name and size are read before an upload. */
function fileOf(name: string, size: number): File {
  const file = new File(['x'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

interface Fakes {
  load?: () => Promise<AttachmentLibrary>;
  upload?: (request: UploadRequest) => Promise<Attachment>;
  fetchContent?: (id: number) => Promise<ArrayBuffer>;
  remove?: (id: number) => Promise<void>;
}

function start(fakes: Fakes = {}) {
  const notifySuccess = vi.fn();
  const saveFile = vi.fn();
  const logError = vi.fn();
  const upload = vi.fn(fakes.upload ?? (async (request: UploadRequest) => attachment(3, request.file.name, { note: request.note })));
  const remove = vi.fn(fakes.remove ?? (async () => {}));
  const actor = createActor(
    emailAttachmentsMachine.provide({
      actors: {
        loadLibrary: fromPromise(fakes.load ?? (async () => library)),
        uploadAttachment: fromPromise(({ input }) => upload(input)),
        fetchContent: fromPromise(({ input }) => (fakes.fetchContent ?? (async () => new Uint8Array([1, 2, 3]).buffer))(input.id)),
        deleteAttachment: fromPromise(({ input }) => remove(input.id)),
      },
      actions: {
        notifySuccess: (_, { message }) => notifySuccess(message),
        saveFile: (_, params) => saveFile(params),
        logError: (_, { error }) => logError(error),
      },
    }),
    { input: { tenantId: 1 } },
  );
  actor.start();
  return { actor, notifySuccess, saveFile, logError, upload, remove };
}

const idle = (state: { matches(value: object): boolean }) => state.matches({ library: { work: 'idle' } });

describe('the e-mail attachment library', () => {
  test('loads the files and lists them', async () => {
    const { actor } = start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    const state = await waitFor(actor, (s) => s.matches({ library: { list: 'ready' } }));
    expect(state.context.visible).toEqual(library.attachments);
  });

  test('a tenant without files is empty, yet can upload one, which makes the list ready', async () => {
    const { actor } = start({ load: async () => ({ attachments: [] }) });
    await waitFor(actor, (s) => s.matches({ library: { list: 'empty' } }));
    actor.send({ type: 'upload.choose', file: fileOf('Contract.pdf', 10) });
    actor.send({ type: 'upload.submit' });
    const state = await waitFor(actor, (s) => s.matches({ library: { list: 'ready', work: 'idle' } }));
    expect(state.context.attachments.map((a) => a.file_name)).toEqual(['Contract.pdf']);
  });

  test('a failed load is logged and can be tried again', async () => {
    let attempt = 0;
    const { actor, logError } = start({
      load: async () => {
        attempt += 1;
        if (attempt === 1) throw new Error('offline');
        return library;
      },
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(logError).toHaveBeenCalledWith(new Error('offline'));
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches({ library: { list: 'ready' } }));
  });

  test('search keeps the files whose name, note, customer, uploader or type matches', async () => {
    const { actor } = start();
    await waitFor(actor, idle);
    actor.send({ type: 'search.change', value: 'acme' });
    expect(actor.getSnapshot().context.visible.map((a) => a.id)).toEqual([2]);
    actor.send({ type: 'search.change', value: ' ' });
    expect(actor.getSnapshot().context.visible.map((a) => a.id)).toEqual([2, 1]);
  });
});

describe('uploading', () => {
  test('sends the chosen file with its link and note, lists it first, says so and clears the form', async () => {
    const { actor, upload, notifySuccess } = start();
    await waitFor(actor, idle);
    const file = fileOf('Spec.pdf', 1234);
    actor.send({ type: 'upload.choose', file });
    actor.send({ type: 'upload.change', patch: { opportunityId: 9, note: 'From the customer' } });
    actor.send({ type: 'upload.submit' });
    expect(actor.getSnapshot().matches({ library: { work: 'uploading' } })).toBe(true);
    expect(actor.getSnapshot().context.draft.file?.name).toBe('Spec.pdf');
    const state = await waitFor(actor, idle);
    expect(upload).toHaveBeenCalledWith({ file, opportunityId: 9, note: 'From the customer' });
    expect(state.context.attachments[0]!.file_name).toBe('Spec.pdf');
    expect(state.context.draft).toEqual({ file: null, opportunityId: null, note: '' });
    expect(notifySuccess).toHaveBeenCalledWith(UPLOADED_MESSAGE);
  });

  test(`refuses a file over 5 MB before sending anything: '${FILE_TOO_LARGE_MESSAGE}'`, async () => {
    const { actor, upload } = start();
    await waitFor(actor, idle);
    actor.send({ type: 'upload.choose', file: fileOf('Scan.pdf', MAX_ATTACHMENT_BYTES + 1) });
    expect(actor.getSnapshot().context.problem).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(actor.getSnapshot().context.draft.file).toBeNull();
    actor.send({ type: 'upload.submit' });
    expect(actor.getSnapshot().matches({ library: { work: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.problem).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(upload).not.toHaveBeenCalled();
  });

  test('accepts a file of exactly 5 MB', async () => {
    const { actor, upload } = start();
    await waitFor(actor, idle);
    actor.send({ type: 'upload.choose', file: fileOf('Scan.pdf', MAX_ATTACHMENT_BYTES) });
    expect(actor.getSnapshot().context.problem).toBeNull();
    actor.send({ type: 'upload.submit' });
    await waitFor(actor, idle);
    expect(upload).toHaveBeenCalledTimes(1);
  });

  test('asks for a file when none is chosen, and for a shorter note', async () => {
    const { actor, upload } = start();
    await waitFor(actor, idle);
    actor.send({ type: 'upload.submit' });
    expect(actor.getSnapshot().context.problem).toBe(NO_FILE_MESSAGE);
    actor.send({ type: 'upload.choose', file: fileOf('a.txt', 3) });
    expect(actor.getSnapshot().context.problem).toBeNull();
    actor.send({ type: 'upload.change', patch: { note: 'n'.repeat(501) } });
    expect(actor.getSnapshot().context.problem).toBe('Note must be at most 500 characters long.');
    actor.send({ type: 'upload.submit' });
    expect(upload).not.toHaveBeenCalled();
  });

  test('a failed upload keeps the form, so it can be sent again', async () => {
    const { actor, logError } = start({
      upload: async () => {
        throw new Error('The file is larger than 5 MB.');
      },
    });
    await waitFor(actor, idle);
    actor.send({ type: 'upload.choose', file: fileOf('a.txt', 3) });
    actor.send({ type: 'upload.change', patch: { note: 'keep me' } });
    actor.send({ type: 'upload.submit' });
    const state = await waitFor(actor, idle);
    expect(logError).toHaveBeenCalled();
    expect(state.context.draft.file?.name).toBe('a.txt');
    expect(state.context.draft.note).toBe('keep me');
  });

  test('clearing the form forgets the file and the refusal', async () => {
    const { actor } = start();
    await waitFor(actor, idle);
    actor.send({ type: 'upload.choose', file: fileOf('bad/name.txt', 3) });
    expect(actor.getSnapshot().context.problem).toBe('File name must not contain / or \\ or control characters.');
    actor.send({ type: 'upload.clear' });
    expect(actor.getSnapshot().context.problem).toBeNull();
  });
});

describe('downloading and deleting', () => {
  test("downloading fetches the file's bytes and hands them to the browser under the stored name", async () => {
    const bytes = new Uint8Array([0, 255, 7]).buffer;
    const { actor, saveFile } = start({ fetchContent: async () => bytes });
    await waitFor(actor, idle);
    actor.send({ type: 'attachment.download', id: 2 });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, idle);
    expect(saveFile).toHaveBeenCalledWith({ fileName: 'Quote Q-1001.pdf', bytes });
    expect(actor.getSnapshot().context.targetId).toBeNull();
  });

  test('deleting asks first; cancelling keeps the file', async () => {
    const { actor, remove } = start();
    await waitFor(actor, idle);
    actor.send({ type: 'attachment.delete', id: 1 });
    expect(actor.getSnapshot().matches({ library: { work: 'confirmingDelete' } })).toBe(true);
    expect(actor.getSnapshot().context.targetId).toBe(1);
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().context.attachments).toHaveLength(2);
    expect(remove).not.toHaveBeenCalled();
  });

  test('a confirmed delete removes the file from the list and says so; the last one leaves it empty', async () => {
    const { actor, remove, notifySuccess } = start();
    await waitFor(actor, idle);
    for (const id of [1, 2]) {
      actor.send({ type: 'attachment.delete', id });
      actor.send({ type: 'delete.confirm' });
      await waitFor(actor, idle);
      expect(remove).toHaveBeenLastCalledWith(id);
    }
    expect(notifySuccess).toHaveBeenCalledWith(DELETED_MESSAGE);
    expect(actor.getSnapshot().matches({ library: { list: 'empty' } })).toBe(true);
  });

  test('a failed delete keeps the file listed', async () => {
    const { actor, logError } = start({
      remove: async () => {
        throw new Error('Not found');
      },
    });
    await waitFor(actor, idle);
    actor.send({ type: 'attachment.delete', id: 1 });
    actor.send({ type: 'delete.confirm' });
    const state = await waitFor(actor, idle);
    expect(logError).toHaveBeenCalled();
    expect(state.context.attachments).toHaveLength(2);
  });

  test('an id that is not listed is ignored', async () => {
    const { actor } = start();
    await waitFor(actor, idle);
    actor.send({ type: 'attachment.delete', id: 99 });
    actor.send({ type: 'attachment.download', id: 99 });
    expect(actor.getSnapshot().matches({ library: { work: 'idle' } })).toBe(true);
  });
});
