import type { ActorRefFrom } from 'xstate';
import type { emailAttachmentsMachine } from '../../machines/email-attachments.ts';

export type LibraryActor = ActorRefFrom<typeof emailAttachmentsMachine>;
