import { FEEDBACK_CONTACT_MAX, FEEDBACK_CONTENT_MAX, FeedbackCategory, feedbackAddBody } from '@maika/shared';
import { describe, expect, it } from 'vitest';
import { feedbackProblem, feedbackRequest, type FeedbackDraft } from './feedbackForm';
import type { PickedImage } from './imageUploads';

const draft = (patch: Partial<FeedbackDraft> = {}): FeedbackDraft => ({
  category: FeedbackCategory.WithdrawalFlow,
  content: '提现一直在处理中',
  contact: '',
  ...patch,
});
const image = (id: number, state: PickedImage['state']): PickedImage => ({
  id,
  localPath: `blob:local/${id}`,
  state,
  path: state === 'done' ? `/private/feedback/2026-01/00000000-0000-4000-8000-00000000000${id}.png` : null,
});

describe('the feedback form', () => {
  it('asks for a topic first, then a description', () => {
    expect(feedbackProblem(draft({ category: null, content: '' }), [])?.key).toBe('feedback.error.category');
    expect(feedbackProblem(draft({ content: '   \n ' }), [])?.key).toBe('feedback.error.content');
    expect(feedbackProblem(draft(), [])).toBeNull();
  });

  it('refuses a description or contact longer than the server accepts', () => {
    expect(feedbackProblem(draft({ content: 'a'.repeat(FEEDBACK_CONTENT_MAX) }), [])).toBeNull();
    expect(feedbackProblem(draft({ content: 'a'.repeat(FEEDBACK_CONTENT_MAX + 1) }), [])).toEqual({
      key: 'feedback.error.contentTooLong',
      params: { max: FEEDBACK_CONTENT_MAX },
    });
    expect(feedbackProblem(draft({ contact: 'x'.repeat(FEEDBACK_CONTACT_MAX + 1) }), [])?.key).toBe('feedback.error.contact');
  });

  it('waits for pictures still uploading and names a failed one', () => {
    expect(feedbackProblem(draft(), [image(1, 'done'), image(2, 'uploading')])?.key).toBe('feedback.error.uploading');
    expect(feedbackProblem(draft(), [image(1, 'failed'), image(2, 'uploading')])?.key).toBe('feedback.error.uploadFailed');
    expect(feedbackProblem(draft(), [image(1, 'done'), image(2, 'done')])).toBeNull();
  });

  it('sends trimmed text, the uploaded paths in order, and no blank contact, in the shape the server validates', () => {
    const sent = feedbackRequest({ category: FeedbackCategory.Other, content: '  页面打不开 ', contact: '  ' }, [
      image(2, 'done'),
      image(1, 'done'),
    ]);
    expect(sent).toEqual({
      category: FeedbackCategory.Other,
      content: '页面打不开',
      images: [
        '/private/feedback/2026-01/00000000-0000-4000-8000-000000000002.png',
        '/private/feedback/2026-01/00000000-0000-4000-8000-000000000001.png',
      ],
    });
    expect(feedbackAddBody.safeParse(sent).success).toBe(true);
    expect(feedbackRequest({ category: FeedbackCategory.Home, content: 'x', contact: ' wx_id ' }, []).contact).toBe('wx_id');
  });
});
