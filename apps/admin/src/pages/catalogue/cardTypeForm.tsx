import type { AdminCardType } from '@maika/shared';
import { Create, Edit } from '@refinedev/antd';
import { useCreate, useGo, useList, useTranslate, useUpdate } from '@refinedev/core';
import { Card, Form, Space } from 'antd';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { CardTypeFields } from './CardTypeFields';
import { FaceValues } from './FaceValues';

type Values = Omit<AdminCardType, 'id' | 'faceValues'>;
const blank: Partial<Values> = {
  needsCardNo: true,
  cardNoRuleType: 1,
  pwdRuleType: 3,
  physical: false,
  maintenance: false,
  enabled: true,
  sort: 0,
};

/** Empty optional numbers and notes are sent as null (clears them), not left out. */
function toBody(values: Values) {
  return {
    ...values,
    cardNoLength: values.cardNoLength ?? null,
    pwdLength: values.pwdLength ?? null,
    dailyCapPerUser: values.dailyCapPerUser ?? null,
    maintenanceNote: values.maintenanceNote || null,
    maintenanceNoteEn: values.maintenanceNoteEn || null,
    nameEn: values.nameEn || null,
    logo: values.logo ?? null,
  };
}

export function CardTypeCreate() {
  const [form] = Form.useForm<Values>();
  const go = useGo();
  const { mutateAsync, mutation } = useCreate<AdminCardType>();
  const save = async () => {
    const values = await form.validateFields();
    const created = await mutateAsync({ resource: 'cardTypes', values: toBody(values) });
    go({ to: { resource: 'cardTypes', action: 'edit', id: created.data.id } });
  };
  return (
    <Create saveButtonProps={{ onClick: save, loading: mutation.isPending }}>
      <Form form={form} layout="vertical" initialValues={blank}>
        <CardTypeFields />
      </Form>
    </Create>
  );
}

/** The catalogue lists every card type at once (a few dozen), so the one edited is taken from it. */
export function CardTypeEdit() {
  const t = useTranslate();
  const { id } = useParams();
  const [form] = Form.useForm<Values>();
  const { result, query } = useList<AdminCardType>({ resource: 'cardTypes', pagination: { mode: 'off' } });
  const cardType = result.data.find((c) => String(c.id) === id);
  const { mutateAsync, mutation } = useUpdate<AdminCardType>();
  // Filled once per fetch (not per render), so what the operator types is never overwritten.
  const loadedAt = query.dataUpdatedAt;
  const loaded = !!cardType;
  useEffect(() => {
    if (cardType) form.setFieldsValue(cardType);
  }, [loadedAt, loaded, form]);
  const save = async () => {
    const values = await form.validateFields();
    await mutateAsync({ resource: 'cardTypes', id: id!, values: toBody(values) });
  };
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Edit
        isLoading={query.isLoading}
        title={cardType ? `${t('buttons.edit')} · ${cardType.name}` : undefined}
        saveButtonProps={{ onClick: save, loading: mutation.isPending }}
        headerButtons={() => null}
      >
        <Form form={form} layout="vertical">
          <CardTypeFields />
        </Form>
      </Edit>
      {cardType && (
        <Card variant="borderless" styles={{ body: { padding: 0 } }}>
          <FaceValues cardType={cardType} />
        </Card>
      )}
    </Space>
  );
}
