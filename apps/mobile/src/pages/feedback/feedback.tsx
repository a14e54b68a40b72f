import { FEEDBACK_CONTACT_MAX, FEEDBACK_CONTENT_MAX, FEEDBACK_IMAGES_MAX, feedbackCategoryTable, labelOf } from '@maika/shared';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { Input, Text, View } from '@tarojs/components';
import { useState } from 'react';
import { uploadFeedbackImage } from '@/api/endpoints/feedback';
import { useAddFeedback } from '@/api/queries/feedback';
import { Textarea } from '@/components/Textarea';
import { toast } from '@/feedback';
import { usePageTitle } from '@/hooks/usePageTitle';
import { useLocale, useT } from '@/i18n';
import { navigateTo, redirectTo } from '@/navigation';
import { LoginFirst } from '@/pages/realNameAuth/LoginFirst';
import { useAuthStore } from '@/stores/auth';
import { emptyFeedbackDraft, feedbackProblem, feedbackRequest, type FeedbackDraft, type FeedbackProblem } from './feedbackForm';
import { ImagePicker } from './ImagePicker';
import { useImageUploads } from './imageUploads';
import './feedback.scss';
import { ariaState } from '@/a11y';

export default function Feedback() {
  usePageTitle('feedback');
  const t = useT();
  const isLogin = useAuthStore((state) => state.isLogin);
  return (
    <View className="feedback">
      {isLogin ? <FeedbackForm /> : <LoginFirst body={t('feedback.loginFirst')} />}
      <Text className="feedback__records" onClick={() => void navigateTo('feedbackRecord')}>
        {t('title.feedbackRecord')}
      </Text>
    </View>
  );
}

/** The form keeps everything typed and picked through a refused or failed send; only success leaves it. */
function FeedbackForm() {
  const t = useT();
  const locale = useLocale();
  const [draft, setDraft] = useState<FeedbackDraft>(emptyFeedbackDraft);
  const [problem, setProblem] = useState<FeedbackProblem | null>(null);
  const uploads = useImageUploads(uploadFeedbackImage);
  const addFeedback = useAddFeedback();

  const change = (patch: Partial<FeedbackDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblem(null);
  };

  const submit = () => {
    const found = feedbackProblem(draft, uploads.images);
    setProblem(found);
    if (found || draft.category === null || addFeedback.isPending) return;
    // A refusal comes back as the server's message, shown by the request layer; the form stays as it is.
    addFeedback.mutate(feedbackRequest({ ...draft, category: draft.category }, uploads.images), {
      onSuccess: () => {
        toast(t('feedback.submitted'), 'success');
        void redirectTo('feedbackRecord');
      },
    });
  };

  return (
    <>
      <View className="feedback__section">
        <Text className="feedback__label">{t('feedback.category.label')}</Text>
        <View className="feedback__categories" role="radiogroup">
          {feedbackCategoryTable.entries.map((entry) => {
            const chosen = draft.category === entry.code;
            return (
              <View
                key={entry.code}
                className={chosen ? 'feedback__category feedback__category--chosen' : 'feedback__category'}
                role="radio"
                aria-checked={ariaState(chosen)}
                onClick={() => change({ category: entry.code })}
              >
                <Text>{labelOf(feedbackCategoryTable, entry.code, locale)}</Text>
              </View>
            );
          })}
        </View>
      </View>

      <View className="feedback__section">
        <Text className="feedback__label">{t('feedback.content.label')}</Text>
        <Textarea
          className="feedback__content"
          value={draft.content}
          maxlength={FEEDBACK_CONTENT_MAX}
          placeholder={t('feedback.content.placeholder')}
          onInput={(event) => change({ content: event.detail.value })}
        />
        <Text className="feedback__count">{t('feedback.content.count', { count: draft.content.length, max: FEEDBACK_CONTENT_MAX })}</Text>
      </View>

      <View className="feedback__section">
        <Text className="feedback__label">{t('feedback.images.label', { max: FEEDBACK_IMAGES_MAX })}</Text>
        <ImagePicker
          images={uploads.images}
          onPicked={(paths) => {
            uploads.add(paths);
            setProblem(null);
          }}
          onRetry={uploads.retry}
          onRemove={uploads.remove}
        />
      </View>

      <View className="feedback__section">
        <Text className="feedback__label">{t('feedback.contact.label')}</Text>
        <Input
          className="feedback__contact"
          value={draft.contact}
          maxlength={FEEDBACK_CONTACT_MAX}
          placeholder={t('feedback.contact.placeholder')}
          onInput={(event) => change({ contact: event.detail.value })}
        />
      </View>

      <View className="feedback__problem" aria-live="polite">
        {problem ? <Text>{t(problem.key, problem.params)}</Text> : null}
      </View>
      <Button className="feedback__submit" type="primary" shape="round" block loading={addFeedback.isPending} onClick={submit}>
        {t('feedback.submit')}
      </Button>
    </>
  );
}
