/** The feedback form's rules: what stops it being sent, and the request it becomes. */
import { FEEDBACK_CONTACT_MAX, FEEDBACK_CONTENT_MAX, type FeedbackAddBody, type FeedbackCategory } from '@maika/shared';
import type { MessageKey } from '@/i18n';
import { imagesReadiness, uploadedPaths, type PickedImage } from './imageUploads';

export interface FeedbackDraft {
  category: FeedbackCategory | null;
  content: string;
  contact: string;
}

export const emptyFeedbackDraft: FeedbackDraft = { category: null, content: '', contact: '' };

export interface FeedbackProblem {
  key: MessageKey;
  params?: Readonly<Record<string, number>>;
}

/**
 * The first thing that stops the draft being sent, in the order the form shows its fields; null when none.
 * Lengths count UTF-16 units, as the input's maxlength and the server's schema do.
 */
export function feedbackProblem(draft: FeedbackDraft, images: readonly PickedImage[]): FeedbackProblem | null {
  if (draft.category === null) return { key: 'feedback.error.category' };
  const content = draft.content.trim();
  if (content === '') return { key: 'feedback.error.content' };
  if (content.length > FEEDBACK_CONTENT_MAX) return { key: 'feedback.error.contentTooLong', params: { max: FEEDBACK_CONTENT_MAX } };
  const readiness = imagesReadiness(images);
  if (readiness === 'uploading') return { key: 'feedback.error.uploading' };
  if (readiness === 'failed') return { key: 'feedback.error.uploadFailed' };
  if (draft.contact.trim().length > FEEDBACK_CONTACT_MAX) return { key: 'feedback.error.contact', params: { max: FEEDBACK_CONTACT_MAX } };
  return null;
}

/** The request of a draft without problems; an empty contact is left out rather than sent blank. */
export function feedbackRequest(draft: FeedbackDraft & { category: FeedbackCategory }, images: readonly PickedImage[]): FeedbackAddBody {
  const contact = draft.contact.trim();
  return {
    category: draft.category,
    content: draft.content.trim(),
    images: uploadedPaths(images),
    ...(contact ? { contact } : {}),
  };
}
