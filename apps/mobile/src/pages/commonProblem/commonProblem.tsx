import { Text, View } from '@tarojs/components';
import Taro from '@tarojs/taro';
import { useState } from 'react';
import type { FaqEntry } from '@/api/endpoints/content';
import { useFaq, useFoundation } from '@/api/queries/content';
import { AsyncView } from '@/components/AsyncView';
import { ListSkeleton } from '@/components/Skeleton';
import { usePageTitle } from '@/hooks/usePageTitle';
import { useT } from '@/i18n';
import './commonProblem.scss';

export default function CommonProblem() {
  usePageTitle('commonProblem');
  const t = useT();
  const faq = useFaq();

  return (
    <View className="faq">
      <View className="faq__intro">
        <Text className="faq__heading">{t('faq.heading')}</Text>
        <Text className="faq__subheading">{t('faq.intro')}</Text>
      </View>
      <AsyncView
        source={faq}
        skeleton={<ListSkeleton rows={6} />}
        isEmpty={(entries) => entries.length === 0}
        empty={{ title: t('faq.empty.title') }}
      >
        {(entries) => <FaqAccordion entries={entries} />}
      </AsyncView>
      <ServiceContact />
    </View>
  );
}

/** Questions that open in place; several may be open at once, to compare answers. */
function FaqAccordion({ entries }: { entries: readonly FaqEntry[] }) {
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (id: number) =>
    setOpenIds((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <View className="faq__list">
      {entries.map((entry, index) => {
        const open = openIds.has(entry.id);
        return (
          <View key={entry.id} className={open ? 'faq__item faq__item--open' : 'faq__item'}>
            <View className="faq__question" onClick={() => toggle(entry.id)}>
              <Text className="faq__index">{`Q${index + 1}`}</Text>
              <Text className="faq__question-text">{entry.question}</Text>
              <View className="faq__chevron" />
            </View>
            {open ? <Text className="faq__answer">{entry.answer}</Text> : null}
          </View>
        );
      })}
    </View>
  );
}

/** The service line from the site settings, for questions the list does not answer. */
function ServiceContact() {
  const t = useT();
  const foundation = useFoundation();
  const site = foundation.data;
  if (!site?.servicePhone) return null;
  return (
    <View className="faq__service">
      <View className="faq__service-text">
        <Text className="faq__service-title">{t('faq.service.title')}</Text>
        <Text className="faq__service-body">{t('faq.service.body', { phone: site.servicePhone, hours: site.serviceHours })}</Text>
      </View>
      <Text
        className="faq__service-call"
        onClick={() => void Taro.makePhoneCall({ phoneNumber: site.servicePhone }).catch(() => undefined)}
      >
        {t('faq.service.call')}
      </Text>
    </View>
  );
}
