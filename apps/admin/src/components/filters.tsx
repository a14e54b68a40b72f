import { getDefaultFilter } from '@refinedev/antd';
import type { CrudFilters } from '@refinedev/core';
import { useTranslate } from '@refinedev/core';
import { Button, DatePicker, Form, Space, type FormProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';

/** A search form's values as refine filters: plain fields as `eq`, `range` as from/to (`gte`/`lte`). */
export function toFilters(values: Record<string, unknown>): CrudFilters {
  const filters: CrudFilters = [];
  for (const [field, value] of Object.entries(values)) {
    if (field === 'range') {
      const [from, to] = (value as [Dayjs, Dayjs] | null | undefined) ?? [];
      filters.push({ field: 'createdAt', operator: 'gte', value: from ? from.startOf('day').toISOString() : undefined });
      filters.push({ field: 'createdAt', operator: 'lte', value: to ? to.endOf('day').toISOString() : undefined });
    } else {
      filters.push({ field, operator: 'eq', value: value === '' ? undefined : value });
    }
  }
  return filters;
}

/** The filter bar above a list: its fields, a date range when asked, and Search. */
export function FilterBar({ formProps, children, dateRange }: { formProps: FormProps; children: ReactNode; dateRange?: boolean }) {
  const t = useTranslate();
  return (
    <Form {...formProps} layout="inline" style={{ marginBottom: 16, rowGap: 12 }}>
      {children}
      {dateRange && (
        <Form.Item name="range" label={t('common.dateRange')}>
          <DatePicker.RangePicker />
        </Form.Item>
      )}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('buttons.filter')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/** A numeric filter as the URL gave it back (a string), as the number its select options hold. */
export function numberFilter(field: string, filters: CrudFilters): number | undefined {
  const value = getDefaultFilter(field, filters);
  return value === undefined || value === null || value === '' ? undefined : Number(value);
}

/**
 * Spread on a filter's Form.Item whose options are numbers: refine fills the search form from the
 * URL with strings, which a select would otherwise show raw ('999' instead of 'All').
 */
export const numericField = {
  getValueProps: (value: unknown) => ({ value: value === undefined || value === null || value === '' ? undefined : Number(value) }),
};
