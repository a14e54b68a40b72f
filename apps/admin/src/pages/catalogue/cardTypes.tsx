import { cardNumberRuleTypeTable, formatFen, formatRateBp, labelOf, type AdminCardType } from '@maika/shared';
import { CreateButton, EditButton, List, useTable, useSelect } from '@refinedev/antd';
import { useTranslate, type HttpError } from '@refinedev/core';
import { Space, Table, Tag, Tooltip, Typography } from 'antd';
import { BoolTag, Thumb, useLocale } from '../../components/display';

/** Card types with their rules, face values and rates, maintenance and caps. */
export function CardTypeList() {
  const t = useTranslate();
  const locale = useLocale();
  const { tableProps } = useTable<AdminCardType, HttpError>({ pagination: { mode: 'off' }, syncWithLocation: true });
  const { options: categories } = useSelect({ resource: 'categories', optionLabel: 'name', optionValue: 'id', pagination: { mode: 'off' } }).selectProps;
  const categoryName = (id: number) => categories?.find((o) => o.value === id)?.label ?? `#${id}`;
  return (
    <List headerButtons={<CreateButton />}>
      <Table {...tableProps} rowKey="id" pagination={false} scroll={{ x: 1300 }}>
        <Table.Column<AdminCardType> dataIndex="logo" title={t('catalogue.logo')} render={(v: string | null) => <Thumb src={v} size={40} />} />
        <Table.Column<AdminCardType>
          title={t('catalogue.name')}
          render={(_, c) => (
            <Space direction="vertical" size={0}>
              <Typography.Text strong>{c.name}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{categoryName(c.categoryId)}</Typography.Text>
            </Space>
          )}
        />
        <Table.Column<AdminCardType>
          width={210}
          title={t('catalogue.rules')}
          render={(_, c) => (
            <Space direction="vertical" size={0} style={{ fontSize: 12 }}>
              <span>{c.needsCardNo ? `${t('catalogue.cardNo')}: ${labelOf(cardNumberRuleTypeTable, c.cardNoRuleType, locale)}${c.cardNoLength ? ` · ${c.cardNoLength}` : ''}` : t('catalogue.passwordOnly')}</span>
              <span>{`${t('catalogue.password')}: ${labelOf(cardNumberRuleTypeTable, c.pwdRuleType, locale)}${c.pwdLength ? ` · ${c.pwdLength}` : ''}`}</span>
            </Space>
          )}
        />
        <Table.Column<AdminCardType>
          title={t('catalogue.faceValues')}
          width={340}
          render={(_, c) => (
            <Space size={[4, 4]} wrap>
              {c.faceValues.map((f) => (
                <Tag key={f.id} color={f.enabled ? 'blue' : 'default'}>
                  {formatFen(f.faceValueFen)} · {formatRateBp(f.rateBp)}
                </Tag>
              ))}
            </Space>
          )}
        />
        <Table.Column<AdminCardType> dataIndex="physical" title={t('catalogue.kind')} render={(v: boolean) => <Tag>{v ? t('catalogue.physical') : t('catalogue.electronic')}</Tag>} />
        <Table.Column<AdminCardType>
          title={t('catalogue.maintenance')}
          render={(_, c) =>
            c.maintenance ? (
              <Tooltip title={c.maintenanceNote}>
                <Tag color="orange">{t('catalogue.inMaintenance')}</Tag>
              </Tooltip>
            ) : (
              <Tag color="green">{t('catalogue.open')}</Tag>
            )
          }
        />
        <Table.Column<AdminCardType> dataIndex="dailyCapPerUser" title={t('catalogue.dailyCap')} render={(v: number | null) => v ?? t('catalogue.noCap')} />
        <Table.Column<AdminCardType> dataIndex="enabled" title={t('common.enabled')} render={(v: boolean) => <BoolTag value={v} yes={t('common.on')} no={t('common.off')} />} />
        <Table.Column<AdminCardType> fixed="right" title={t('table.actions')} render={(_, c) => <EditButton hideText size="small" recordItemId={c.id} />} />
      </Table>
    </List>
  );
}
