import {
  applyRateBp,
  formatFen,
  formatRateBp,
  merchantCalls,
  pathOf,
  type AdminMerchantRate,
  type AdminMerchantRates,
} from '@maika/shared';
import { useCustom, useTranslate } from '@refinedev/core';
import { Alert, Button, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Money, useLocale } from '../../components/display';
import { loadedAnswer } from '../../components/loadedAnswer';
import { useAction } from '../../components/useAction';
import { useCanDo } from '../../components/useCanDo';
import { changedRates, rateProblem, rateRowKey, savedRateText } from './ratesDraft';

/**
 * What this merchant is paid per card type and face value: its own rate where one is set, else the
 * public rate, shown as such. Edited in place and saved together; an emptied rate returns to the public one.
 */
export function MerchantRates({ merchantId }: { merchantId: number }) {
  const t = useTranslate();
  const locale = useLocale();
  const canEdit = useCanDo('merchants', 'rates');
  const { result, query } = useCustom<AdminMerchantRates>({ url: pathOf(merchantCalls.rates, { id: merchantId }), method: 'get' });
  const { runCall, isPending } = useAction([]);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const rows = loadedAnswer(query, result.data)?.list;
  const changes = rows ? changedRates(rows, drafts, locale) : [];

  const save = async () => {
    if (!changes || changes.length === 0) return;
    await runCall(merchantCalls.saveRates, { id: merchantId }, { rates: changes }, () =>
      t('merchants.ratesSaved', { count: changes.length }),
    );
    setDrafts({});
    await query.refetch();
  };

  const typedOf = (row: AdminMerchantRate) => drafts[rateRowKey(row)] ?? savedRateText(row);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon message={t('merchants.ratesHint')} />
      {canEdit && (
        <Space>
          <Button
            type="primary"
            disabled={!changes || changes.length === 0}
            loading={isPending}
            onClick={() => void save().catch(() => undefined)}
          >
            {changes && changes.length > 0 ? t('merchants.saveRatesCount', { count: changes.length }) : t('merchants.saveRates')}
          </Button>
          {Object.keys(drafts).length > 0 && <Button onClick={() => setDrafts({})}>{t('merchants.discardRates')}</Button>}
        </Space>
      )}
      <Table<AdminMerchantRate>
        size="small"
        rowKey={rateRowKey}
        loading={query.isFetching && !rows}
        dataSource={rows ?? []}
        pagination={false}
        locale={{ emptyText: t('merchants.noRates') }}
      >
        <Table.Column<AdminMerchantRate> dataIndex="goodsName" title={t('merchants.cardType')} />
        <Table.Column<AdminMerchantRate>
          dataIndex="faceValueFen"
          align="right"
          width={110}
          title={t('catalogue.faceValue')}
          render={(v: number) => <Money fen={v} />}
        />
        <Table.Column<AdminMerchantRate>
          dataIndex="publicRateBp"
          align="right"
          width={110}
          title={t('merchants.publicRate')}
          render={(v: number) => formatRateBp(v)}
        />
        <Table.Column<AdminMerchantRate>
          width={210}
          title={t('merchants.merchantRate')}
          render={(_, row) => {
            const typed = typedOf(row);
            const problem = rateProblem(typed, locale);
            if (!canEdit)
              return row.rateBp === null ? (
                <Typography.Text type="secondary">{t('merchants.publicRateUsed')}</Typography.Text>
              ) : (
                formatRateBp(row.rateBp)
              );
            return (
              <Space direction="vertical" size={0} style={{ width: '100%' }}>
                <Input
                  size="small"
                  suffix="%"
                  value={typed}
                  status={problem ? 'error' : undefined}
                  placeholder={t('merchants.publicRatePlaceholder', { rate: formatRateBp(row.publicRateBp) })}
                  aria-label={t('merchants.rateOf', { name: row.goodsName, face: formatFen(row.faceValueFen) })}
                  onChange={(event) => setDrafts((current) => ({ ...current, [rateRowKey(row)]: event.target.value }))}
                />
                {problem && (
                  <Typography.Text type="danger" style={{ fontSize: 12 }}>
                    {problem}
                  </Typography.Text>
                )}
              </Space>
            );
          }}
        />
        <Table.Column<AdminMerchantRate>
          width={130}
          title={t('merchants.rateSource')}
          render={(_, row) =>
            row.rateBp === null ? <Tag>{t('merchants.publicRateUsed')}</Tag> : <Tag color="blue">{t('merchants.ownRate')}</Tag>
          }
        />
        <Table.Column<AdminMerchantRate>
          align="right"
          width={120}
          title={t('merchants.payout')}
          render={(_, row) => <Money fen={applyRateBp(row.faceValueFen, row.rateBp ?? row.publicRateBp)} />}
        />
      </Table>
    </Space>
  );
}
