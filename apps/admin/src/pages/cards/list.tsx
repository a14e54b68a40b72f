import { CARD_REVIEW_QUEUE, FILTER_ALL, cardStatusTable, type AdminCard } from '@maika/shared';
import { List, getDefaultFilter, useSelect, useTable } from '@refinedev/antd';
import { useTranslate, type CrudFilters, type HttpError } from '@refinedev/core';
import { Form, Input, Select, Space, Table, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { CsvExportButton } from '../../components/CsvExportButton';
import { Clip, useLocale } from '../../components/display';
import { FilterBar, numberFilter, numericField, toFilters } from '../../components/filters';
import { useCanDo } from '../../components/useCanDo';
import { filtersToQuery } from '../../providers/dataProvider';
import { AppealList } from './appeals';
import { BulkReview } from './BulkReview';
import { CardActions } from './CardActions';
import { useCardColumns } from './columns';
import { useState } from 'react';

/**
 * The status select's first choice is the review queue (`queue=review`): the cards a reviewer can
 * decide now, whatever their status. Any other choice is a card status.
 */
const statusField = {
  getValueProps: (value: unknown) => (value === CARD_REVIEW_QUEUE ? { value } : numericField.getValueProps(value)),
};

function searchFilters({ status, ...values }: Record<string, unknown>): CrudFilters {
  const queue = status === CARD_REVIEW_QUEUE;
  return toFilters({ ...values, queue: queue ? CARD_REVIEW_QUEUE : undefined, status: queue ? undefined : status });
}

function ReviewQueue() {
  const t = useTranslate();
  const locale = useLocale();
  const columns = useCardColumns();
  const canExport = useCanDo('cards', 'export');
  const [selected, setSelected] = useState<number[]>([]);
  const { tableProps, searchFormProps, filters } = useTable<AdminCard, HttpError, Record<string, unknown>>({
    syncWithLocation: true,
    onSearch: searchFilters,
    filters: { initial: [{ field: 'queue', operator: 'eq', value: CARD_REVIEW_QUEUE }] },
  });
  const { selectProps: goodsSelect } = useSelect({
    resource: 'cardTypes',
    optionLabel: 'name',
    optionValue: 'id',
    pagination: { mode: 'off' },
  });
  return (
    <>
      <FilterBar
        formProps={{
          ...searchFormProps,
          initialValues: {
            status:
              getDefaultFilter('queue', filters) === CARD_REVIEW_QUEUE
                ? CARD_REVIEW_QUEUE
                : (numberFilter('status', filters) ?? FILTER_ALL),
            goodsId: numberFilter('goodsId', filters),
            phone: getDefaultFilter('phone', filters),
          },
        }}
        dateRange
      >
        <Form.Item {...statusField} name="status" label={t('common.status')}>
          <Select
            style={{ width: 150 }}
            options={[
              { value: CARD_REVIEW_QUEUE, label: t('cards.toReview') },
              ...cardStatusTable.entries.map((e) => ({ value: e.code, label: e.label[locale] })),
            ]}
          />
        </Form.Item>
        <Form.Item {...numericField} name="goodsId" label={t('cards.goods')}>
          <Select {...goodsSelect} allowClear style={{ width: 180 }} placeholder={t('common.all')} />
        </Form.Item>
        <Form.Item name="phone" label={t('common.phone')}>
          <Input allowClear placeholder={t('common.phonePlaceholder')} style={{ width: 160 }} />
        </Form.Item>
      </FilterBar>
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <BulkReview ids={selected} onDone={() => setSelected([])} />
        {canExport && <CsvExportButton name="cards" query={filtersToQuery(filters)} />}
      </Space>
      <Table
        {...tableProps}
        rowKey="id"
        size="middle"
        tableLayout="fixed"
        scroll={{ x: 1166 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
      >
        {columns}
        {/* Kept in view beside the actions when a narrow window (1280 px) scrolls the table. */}
        <Table.Column<AdminCard>
          key="reason"
          fixed="right"
          width={136}
          title={t('cards.reason')}
          render={(_, c) => (
            <Clip text={c.awaitingReceipt ? t('cards.awaitingReceiptHint') : (c.rejectReason ?? c.channelRefusal)} type="secondary" />
          )}
        />
        <Table.Column<AdminCard>
          key="actions"
          fixed="right"
          width={212}
          title={t('table.actions')}
          render={(_, c) => <CardActions card={c} />}
        />
      </Table>
    </>
  );
}

/** The review queue and the appeals, as tabs of one page (the tab is in the URL). */
export function CardList() {
  const t = useTranslate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'appeals' ? 'appeals' : 'queue';
  return (
    <List title={t('resources.cards')}>
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(key) => setParams(key === 'appeals' ? { tab: 'appeals' } : {})}
        items={[
          { key: 'queue', label: t('cards.queue'), children: <ReviewQueue /> },
          { key: 'appeals', label: t('cards.appeals'), children: <AppealList /> },
        ]}
      />
    </List>
  );
}
