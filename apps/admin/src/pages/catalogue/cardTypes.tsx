import { cardNumberRuleTypeTable, formatFen, formatRateBp, labelOf, type AdminCardType } from '@maika/shared';
import { CreateButton, EditButton, List, useTable, useSelect } from '@refinedev/antd';
import { useTranslate, type HttpError } from '@refinedev/core';
import { Space, Table, Tag, Tooltip } from 'antd';
import { BoolTag, Clip, Thumb, useLocale } from '../../components/display';

/** Card types with their rules, face values and rates, maintenance and caps. */
export function CardTypeList() {
  const t = useTranslate();
  const locale = useLocale();
  const { tableProps } = useTable<AdminCardType, HttpError>({ pagination: { mode: 'off' }, syncWithLocation: true });
  const { options: categories } = useSelect({
    resource: 'categories',
    optionLabel: 'name',
    optionValue: 'id',
    pagination: { mode: 'off' },
  }).selectProps;
  const categoryName = (id: number) => categories?.find((o) => o.value === id)?.label ?? `#${id}`;
  return (
    <List headerButtons={<CreateButton />}>
      <Table {...tableProps} rowKey="id" pagination={false} tableLayout="fixed" scroll={{ x: 1180 }}>
        <Table.Column<AdminCardType>
          dataIndex="logo"
          width={72}
          title={t('catalogue.logo')}
          render={(v: string | null) => <Thumb src={v} size={40} />}
        />
        <Table.Column<AdminCardType>
          title={t('catalogue.name')}
          width={160}
          render={(_, c) => (
            <Space direction="vertical" size={0} style={{ width: '100%' }}>
              <Clip text={c.name} strong />
              <Clip text={String(categoryName(c.categoryId))} type="secondary" />
            </Space>
          )}
        />
        <Table.Column<AdminCardType>
          width={190}
          title={t('catalogue.rules')}
          render={(_, c) => (
            <Space direction="vertical" size={0} style={{ fontSize: 12, width: '100%' }}>
              <Clip
                text={
                  c.needsCardNo
                    ? `${t('catalogue.cardNo')}: ${labelOf(cardNumberRuleTypeTable, c.cardNoRuleType, locale)}${c.cardNoLength ? ` · ${c.cardNoLength}` : ''}`
                    : t('catalogue.passwordOnly')
                }
              />
              <Clip
                text={`${t('catalogue.password')}: ${labelOf(cardNumberRuleTypeTable, c.pwdRuleType, locale)}${c.pwdLength ? ` · ${c.pwdLength}` : ''}`}
              />
            </Space>
          )}
        />
        <Table.Column<AdminCardType>
          title={t('catalogue.faceValues')}
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
        <Table.Column<AdminCardType>
          dataIndex="physical"
          width={80}
          title={t('catalogue.kind')}
          render={(v: boolean) => <Tag>{v ? t('catalogue.physical') : t('catalogue.electronic')}</Tag>}
        />
        <Table.Column<AdminCardType>
          title={t('catalogue.maintenance')}
          width={96}
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
        <Table.Column<AdminCardType>
          dataIndex="dailyCapPerUser"
          width={180}
          title={t('catalogue.dailyCap')}
          render={(v: number | null) => v ?? t('catalogue.noCap')}
        />
        <Table.Column<AdminCardType>
          dataIndex="enabled"
          width={80}
          title={t('common.enabled')}
          render={(v: boolean) => <BoolTag value={v} yes={t('common.on')} no={t('common.off')} />}
        />
        <Table.Column<AdminCardType>
          fixed="right"
          width={72}
          title={t('table.actions')}
          render={(_, c) => <EditButton hideText size="small" recordItemId={c.id} />}
        />
      </Table>
    </List>
  );
}
