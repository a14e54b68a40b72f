import { applyRateBp, formatFen, formatRateBp, validateCardLine, type CardLineRule, type SubmitCardLine } from '@maika/shared';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { Text, View } from '@tarojs/components';
import { useMemo, useRef, useState } from 'react';
import type { GoodsDetail } from '@/api/endpoints/catalogue';
import type { SubmitOrderData } from '@/api/endpoints/cards';
import { ApiError } from '@/api/errors';
import { createSubmissionKeys } from '@/api/idempotency';
import { useSubmitOrder } from '@/api/queries/cards';
import { CardLogo } from '@/components/CardLogo';
import { toast } from '@/feedback';
import { useSubscribeConsent } from '@/hooks/useSubscribeConsent';
import { useT } from '@/i18n';
import { navigateTo } from '@/navigation';
import { checkBatchText, rejectedLinesOf, serverLineProblems, type LineProblem } from './batchText';
import { BatchEntry, emptyCard, SingleEntry, type SingleCard } from './CardEntry';
import { ariaState } from '@/a11y';

/** A submitted order as the result shows it: the server's answer with the face value, rate and kind it was sold at. */
export interface Submitted extends SubmitOrderData {
  faceValueFen: number;
  rateBp: number;
  physical: boolean;
}

interface SubmitFormProps {
  goods: GoodsDetail;
  initialFaceValueFen: number | null;
  onSubmitted(submitted: Submitted): void;
}

type Mode = 'single' | 'batch';

/** The cards as they would be sent, with the box lines they came from and what is wrong with them. */
interface Entry {
  cards: SubmitCardLine[];
  lineNos: number[];
  validCount: number;
  problems: LineProblem[];
  tooManyLines: boolean;
}

function singleEntry(card: SingleCard, rule: CardLineRule): Entry {
  // The card as typed; a card type without numbers is sent no number at all.
  const { cardNo: _number, ...withoutNumber } = card;
  const sent: SubmitCardLine = rule.needsCardNo ? card : withoutNumber;
  const result = validateCardLine(sent, rule);
  const problems: LineProblem[] = result.ok
    ? []
    : result.problems.map((problem) => ({ lineNo: 1, field: problem.field, reason: { kind: 'rule', message: problem.message } }));
  return { cards: [sent], lineNos: [1], validCount: result.ok ? 1 : 0, problems, tooManyLines: false };
}

export function SubmitForm({ goods, initialFaceValueFen, onSubmitted }: SubmitFormProps) {
  const t = useT();
  const [faceValueFen, setFaceValueFen] = useState(
    () =>
      goods.faceValues.find((face) => face.faceValueFen === initialFaceValueFen)?.faceValueFen ?? goods.faceValues[0]?.faceValueFen ?? 0,
  );
  const [mode, setMode] = useState<Mode>('single');
  const [single, setSingle] = useState<SingleCard>(emptyCard);
  const [batchText, setBatchText] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [tried, setTried] = useState(false);
  // The server's word on the last refused submission; it goes as soon as the cards are edited.
  const [serverProblems, setServerProblems] = useState<LineProblem[]>([]);
  const keys = useRef(createSubmissionKeys('card')).current;
  const submit = useSubmitOrder();
  const askConsent = useSubscribeConsent('submit');

  const rule: CardLineRule = goods;
  const entry = useMemo(
    () => (mode === 'single' ? singleEntry(single, rule) : checkBatchText(batchText, rule)),
    [mode, single, batchText, rule],
  );
  const face = goods.faceValues.find((candidate) => candidate.faceValueFen === faceValueFen);
  const perCardFen = face ? applyRateBp(face.faceValueFen, face.rateBp) : 0;
  const problems = serverProblems.length > 0 ? serverProblems : entry.problems;

  const edited = () => setServerProblems([]);

  const send = () => {
    setTried(true);
    if (submit.isPending) return;
    if (goods.maintenance) return void toast(t('submitCard.maintenance.blocked'));
    if (!face) return void toast(t('submitCard.error.faceValue'));
    if (entry.cards.length === 0) return void toast(t(mode === 'single' ? 'submitCard.error.fillCard' : 'submitCard.error.emptyBatch'));
    if (entry.tooManyLines) return void toast(t('submitCard.error.tooMany', { max: 1000 }));
    if (entry.problems.length > 0) return void toast(t(mode === 'single' ? 'submitCard.error.fixCard' : 'submitCard.error.fixLines'));
    if (!agreed) return void toast(t('submitCard.error.agree'));
    const body = { goodsId: goods.id, faceValueFen: face.faceValueFen, cards: entry.cards, agree: true as const };
    const idempotencyKey = keys.keyFor(JSON.stringify(body));
    // Mini-programs ask for consent to the card messages first, in this tap, as WeChat requires.
    askConsent(() =>
      submit.mutate(
        { ...body, idempotencyKey },
        {
          onSuccess: (data) => {
            keys.settle();
            onSubmitted({ ...data, faceValueFen: face.faceValueFen, rateBp: face.rateBp, physical: goods.physical });
          },
          // A refusal from the server is final; without an answer the same key goes out on the retry.
          onError: (error) => {
            if (!(error instanceof ApiError) || error.code === null) return;
            keys.settle();
            const lines = rejectedLinesOf(error.data);
            if (lines) setServerProblems(serverLineProblems(lines, entry.lineNos));
          },
        },
      ),
    );
  };

  return (
    <View className="submit-card__form">
      <GoodsHeader goods={goods} />

      <FaceValueChips faceValues={goods.faceValues} chosen={faceValueFen} onChoose={setFaceValueFen} />

      <View className="submit-card__section">
        <ModeTabs
          mode={mode}
          onChange={(next) => {
            setMode(next);
            setTried(false);
            edited();
          }}
        />
        {mode === 'single' ? (
          <SingleEntry
            goods={goods}
            card={single}
            problems={tried || serverProblems.length > 0 ? problems : []}
            onChange={(card) => {
              setSingle(card);
              edited();
            }}
          />
        ) : (
          <BatchEntry
            goods={goods}
            text={batchText}
            validCount={entry.validCount}
            lineCount={entry.cards.length}
            tooManyLines={entry.tooManyLines}
            problems={problems}
            onChange={(text) => {
              setBatchText(text);
              edited();
            }}
          />
        )}
      </View>

      <ExpectedAmounts perCardFen={perCardFen} count={entry.validCount} />

      <Consent agreed={agreed} onToggle={() => setAgreed(!agreed)} />

      <Button
        className="submit-card__submit"
        type="primary"
        shape="round"
        size="large"
        block
        disabled={goods.maintenance}
        loading={submit.isPending}
        onClick={send}
      >
        {goods.maintenance ? t('submitCard.maintenance.button') : t('submitCard.submit')}
      </Button>
    </View>
  );
}

function GoodsHeader({ goods }: { goods: GoodsDetail }) {
  const t = useT();
  return (
    <View className="submit-card__header">
      <View className="submit-card__goods">
        <CardLogo name={goods.name} logo={goods.logo} size="large" dimmed={goods.maintenance} />
        <View className="submit-card__goods-text">
          <Text className="submit-card__goods-name">{goods.name}</Text>
          <View>
            <Text className="submit-card__goods-category">{goods.categoryName}</Text>
            {goods.physical ? <Text className="card-badge card-badge--physical">{t('cardType.badge.physical')}</Text> : null}
          </View>
        </View>
      </View>
      {goods.maintenance ? (
        <View className="submit-card__maintenance" role="alert">
          <Text className="submit-card__maintenance-title">{t('cardSheet.maintenance.title')}</Text>
          <Text className="submit-card__maintenance-note">{goods.maintenanceNote ?? t('cardSheet.maintenance.fallback')}</Text>
        </View>
      ) : null}
      {goods.physical ? <Text className="submit-card__physical">{t('submitCard.physical.note')}</Text> : null}
    </View>
  );
}

/** The recycling agreement and what the seller declares by submitting. */
function Consent({ agreed, onToggle }: { agreed: boolean; onToggle(): void }) {
  const t = useT();
  return (
    <View className="submit-card__consent">
      <View className="submit-card__agreement">
        <View
          className={agreed ? 'submit-card__check submit-card__check--on' : 'submit-card__check'}
          role="checkbox"
          aria-checked={ariaState(agreed)}
          onClick={onToggle}
        />
        <Text className="submit-card__agreement-text">
          <Text onClick={onToggle}>{t('submitCard.agree.prefix')} </Text>
          <Text className="submit-card__link" onClick={() => void navigateTo('recyclingProtocol')}>
            {t('submitCard.agree.protocol')}
          </Text>
          <Text onClick={onToggle}> {t('submitCard.agree.suffix')}</Text>
        </Text>
      </View>
      <Text className="submit-card__declaration">{t('submitCard.declare.legal')}</Text>
      <Text className="submit-card__declaration">{t('submitCard.declare.faceValue')}</Text>
    </View>
  );
}

function FaceValueChips({
  faceValues,
  chosen,
  onChoose,
}: {
  faceValues: GoodsDetail['faceValues'];
  chosen: number;
  onChoose(faceValueFen: number): void;
}) {
  const t = useT();
  return (
    <View className="submit-card__section">
      <Text className="submit-card__section-title">{t('submitCard.faceValue.title')}</Text>
      <View className="submit-card__faces" role="radiogroup">
        {faceValues.map((candidate) => {
          const active = candidate.faceValueFen === chosen;
          return (
            <View
              key={candidate.faceValueFen}
              className={active ? 'submit-card__face submit-card__face--chosen' : 'submit-card__face'}
              role="radio"
              aria-checked={ariaState(active)}
              onClick={() => onChoose(candidate.faceValueFen)}
            >
              <Text className="submit-card__face-value">{formatFen(candidate.faceValueFen)}</Text>
              <Text className="submit-card__face-rate">{t('submitCard.faceValue.rate', { rate: formatRateBp(candidate.rateBp) })}</Text>
            </View>
          );
        })}
      </View>
    </View>
  );
}

function ModeTabs({ mode, onChange }: { mode: Mode; onChange(mode: Mode): void }) {
  const t = useT();
  return (
    <View className="submit-card__modes" role="tablist">
      {(['single', 'batch'] as const).map((candidate) => (
        <View
          key={candidate}
          className={candidate === mode ? 'submit-card__mode submit-card__mode--chosen' : 'submit-card__mode'}
          role="tab"
          aria-selected={ariaState(candidate === mode)}
          onClick={() => onChange(candidate)}
        >
          <Text>{t(candidate === 'single' ? 'submitCard.mode.single' : 'submitCard.mode.batch')}</Text>
        </View>
      ))}
    </View>
  );
}

/** What one card and the valid cards together are expected to bring, at the chosen face value's rate. */
function ExpectedAmounts({ perCardFen, count }: { perCardFen: number; count: number }) {
  const t = useT();
  return (
    <View className="submit-card__expected">
      <View className="submit-card__expected-row">
        <Text>{t('submitCard.expected.one')}</Text>
        <Text className="submit-card__expected-value">{formatFen(perCardFen)}</Text>
      </View>
      <View className="submit-card__expected-row">
        <Text>{t('submitCard.expected.batch', { count })}</Text>
        <Text className="submit-card__expected-value submit-card__expected-total">{formatFen(perCardFen * count)}</Text>
      </View>
      <Text className="submit-card__expected-note">{t('submitCard.expected.note')}</Text>
    </View>
  );
}
