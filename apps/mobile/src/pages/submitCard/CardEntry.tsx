import { CARD_NUMBER_MAX_LENGTH, cardFieldLabelsInApp, stripCardNumber, type Locale, type SubmitCardLine } from '@maika/shared';
import { Input, Text, View } from '@tarojs/components';
import type { GoodsDetail } from '@/api/endpoints/catalogue';
import { Textarea } from '@/components/Textarea';
import { useLocale, useT, type Translate } from '@/i18n';
import { problemLineNos, type LineProblem } from './batchText';

/** One card as typed in the form, every field of a submitted line filled in. */
export type SingleCard = Required<SubmitCardLine>;

/** The form before anything is typed. */
export const emptyCard: SingleCard = { cardNo: '', cardPwd: '' };

/** What is wrong, in the reader's language. */
function reasonText(t: Translate, locale: Locale, problem: LineProblem): string {
  switch (problem.reason.kind) {
    case 'rule':
      return problem.reason.message[locale];
    case 'server':
      return problem.reason.text;
    case 'extraParts':
      return t(problem.reason.expected === 2 ? 'submitCard.batch.extraParts' : 'submitCard.batch.extraPartsPwdOnly');
  }
}

function ruleHint(t: Translate, rule: GoodsDetail['cardNoRule']): string {
  const kind = t(
    rule.ruleType === 1 ? 'submitCard.rule.digits' : rule.ruleType === 2 ? 'submitCard.rule.letters' : 'submitCard.rule.mixed',
  );
  return rule.length ? t('submitCard.rule.withLength', { kind, length: rule.length }) : kind;
}

interface SingleEntryProps {
  goods: GoodsDetail;
  card: SingleCard;
  /** Shown once the user has tried to submit, or when the server refused the card. */
  problems: readonly LineProblem[];
  onChange(card: SingleCard): void;
}

/** One card: its number (where the type has one) and password, each stripped to its rule as typed. */
export function SingleEntry({ goods, card, problems, onChange }: SingleEntryProps) {
  const t = useT();
  const locale = useLocale();
  const problemOf = (field: 'cardNo' | 'cardPwd') => problems.find((problem) => problem.field === field);
  const fields = [
    ...(goods.needsCardNo ? [{ field: 'cardNo' as const, label: cardFieldLabelsInApp.cardNo[locale], rule: goods.cardNoRule }] : []),
    { field: 'cardPwd' as const, label: cardFieldLabelsInApp.cardPwd[locale], rule: goods.pwdRule },
  ];
  return (
    <View className="submit-card__single">
      {fields.map(({ field, label, rule }) => {
        const problem = problemOf(field);
        return (
          <View key={field} className={problem ? 'submit-card__field submit-card__field--bad' : 'submit-card__field'}>
            <Text className="submit-card__field-label">{label}</Text>
            <Input
              className={`submit-card__input submit-card__input--${field}`}
              // Text, not number: a number field refuses a pasted "1234 5678" outright instead of letting it be stripped.
              type="text"
              value={card[field]}
              // Unbounded, so a pasted number with spaces is not cut before its spaces are stripped.
              maxlength={-1}
              placeholder={t('submitCard.field.placeholder', { what: ruleHint(t, rule) })}
              placeholderClass="submit-card__placeholder"
              aria-label={label}
              onInput={(event) =>
                onChange({ ...card, [field]: stripCardNumber(event.detail.value, rule.ruleType).slice(0, CARD_NUMBER_MAX_LENGTH) })
              }
            />
            {problem ? <Text className="submit-card__field-problem">{reasonText(t, locale, problem)}</Text> : null}
          </View>
        );
      })}
    </View>
  );
}

interface BatchEntryProps {
  goods: GoodsDetail;
  text: string;
  validCount: number;
  lineCount: number;
  tooManyLines: boolean;
  problems: readonly LineProblem[];
  onChange(text: string): void;
}

/** At most this many problems are listed; the rest are counted. */
const LISTED_PROBLEMS = 20;

/** Many cards, one a line; every line checked as it is typed and each bad one named by its number. */
export function BatchEntry({ goods, text, validCount, lineCount, tooManyLines, problems, onChange }: BatchEntryProps) {
  const t = useT();
  const locale = useLocale();
  const badLines = problemLineNos(problems);
  return (
    <View className="submit-card__batch">
      <Text className="submit-card__batch-hint">{goods.needsCardNo ? t('submitCard.batch.hint') : t('submitCard.batch.hintPwdOnly')}</Text>
      <View className="submit-card__box">
        <Textarea
          className="submit-card__textarea"
          value={text}
          // Taro's default is 140 characters; a batch of 1000 cards is far longer.
          maxlength={-1}
          placeholder={goods.needsCardNo ? t('submitCard.batch.placeholder') : t('submitCard.batch.placeholderPwdOnly')}
          placeholderClass="submit-card__placeholder"
          aria-label={t('submitCard.mode.batch')}
          onInput={(event) => onChange(event.detail.value)}
        />
      </View>
      <View className="submit-card__batch-count" aria-live="polite">
        <Text>{t('submitCard.batch.count', { valid: validCount, max: 1000 })}</Text>
        {badLines.length > 0 ? (
          <Text className="submit-card__batch-bad">{t('submitCard.batch.badCount', { count: badLines.length })}</Text>
        ) : null}
      </View>
      {tooManyLines ? <Text className="submit-card__problem">{t('submitCard.error.tooMany', { max: 1000, count: lineCount })}</Text> : null}
      {problems.length > 0 ? (
        <View className="submit-card__problems">
          {problems.slice(0, LISTED_PROBLEMS).map((problem, index) => (
            <View
              key={`${problem.lineNo}-${problem.field ?? 'line'}-${index}`}
              className="submit-card__problem"
              data-line={String(problem.lineNo)}
            >
              <Text className="submit-card__problem-line">{t('submitCard.batch.line', { line: problem.lineNo })}</Text>
              <Text className="submit-card__problem-text">{reasonText(t, locale, problem)}</Text>
            </View>
          ))}
          {problems.length > LISTED_PROBLEMS ? (
            <Text className="submit-card__problem-more">{t('submitCard.batch.more', { count: problems.length - LISTED_PROBLEMS })}</Text>
          ) : null}
        </View>
      ) : null}
    </View>
  );
}
