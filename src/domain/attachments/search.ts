import type { Attachment } from '../../api/client.ts';

/**
 * The attachments whose file name, note, linked customer, uploader or type contains
 * the search text, ignoring case and surrounding spaces, in their order.
 */
export function searchAttachments(attachments: readonly Attachment[], search: string): readonly Attachment[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return attachments;
  return attachments.filter((attachment) =>
    [attachment.file_name, attachment.note, attachment.opportunity_customer ?? '', attachment.uploaded_by_name, attachment.media_type].some(
      (text) => text.toLowerCase().includes(needle),
    ),
  );
}
