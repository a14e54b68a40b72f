import { View } from '@tarojs/components';
import Taro, { useRouter } from '@tarojs/taro';
import { useEffect, useState } from 'react';
import { useGoodsDetail } from '@/api/queries/catalogue';
import { AsyncView } from '@/components/AsyncView';
import { ListSkeleton } from '@/components/Skeleton';
import { StateView } from '@/components/StateView';
import { usePageTitle } from '@/hooks/usePageTitle';
import { useT } from '@/i18n';
import { SubmitForm, type Submitted } from './SubmitForm';
import { SubmitResult } from './SubmitResult';
import './submitCard.scss';

/** A positive whole number from the query, or null. */
function queryNumber(value: string | undefined): number | null {
  return /^\d{1,12}$/.test(value ?? '') && Number(value) > 0 ? Number(value) : null;
}

/**
 * Selling cards of one type: the query names the card type (`id`) and may preselect a face value
 * (`faceValueFen`). After a submission the page shows its result in place of the form.
 */
export default function SubmitCard() {
  usePageTitle('submitCard');
  const t = useT();
  const { params } = useRouter();
  const goodsId = queryNumber(params.id);
  const goods = useGoodsDetail(goodsId);
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  // A new form after "submit more": the typed cards and the idempotency key start over.
  const [formRound, setFormRound] = useState(0);
  // The result replaces a long form (and "submit more" the result): each is read from its top.
  useEffect(() => {
    // H5 pages scroll the window, which Taro's pageScrollTo (it moves the page element) leaves alone.
    if (process.env.TARO_ENV === 'h5') {
      window.scrollTo(0, 0);
    } else {
      Taro.pageScrollTo({ scrollTop: 0, duration: 0 }).catch(() => undefined);
    }
  }, [submitted]);

  if (goodsId === null) {
    return (
      <View className="submit-card">
        <StateView kind="empty" title={t('submitCard.missing.title')} body={t('submitCard.missing.body')} />
      </View>
    );
  }
  return (
    <View className="submit-card">
      <AsyncView source={goods} skeleton={<ListSkeleton rows={5} withLogo />}>
        {(detail) =>
          submitted ? (
            <SubmitResult
              submitted={submitted}
              onSubmitMore={() => {
                setSubmitted(null);
                setFormRound((round) => round + 1);
              }}
            />
          ) : (
            <SubmitForm key={formRound} goods={detail} initialFaceValueFen={queryNumber(params.faceValueFen)} onSubmitted={setSubmitted} />
          )
        }
      </AsyncView>
    </View>
  );
}
