import type { AdminCardType } from '@maika/shared';
import { Create, Edit } from '@refinedev/antd';
import { useCreate, useGo, useList, useTranslate, useUpdate } from '@refinedev/core';
import { Card, Form, Space } from 'antd';
import { useParams } from 'react-router';
import { loadedAnswer } from '../../components/loadedAnswer';
import { CardTypeFields } from './CardTypeFields';
import { FaceValues } from './FaceValues';

type Values = Omit<AdminCardType, 'id' | 'faceValues'>;
const blank: Partial<Values> = {
  needsCardNo: true,
  cardNoRuleType: 1,
  pwdRuleType: 3,
  caseInsensitive: true,
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
  const { id } = useParams();
  // A form of its own per card type: one form reused across ids would keep the values of the last.
  return <CardTypeEditor key={id} id={id!} />;
}

function CardTypeEditor({ id }: { id: string }) {
  const t = useTranslate();
  const [form] = Form.useForm<Values>();
  const { result, query } = useList<AdminCardType>({ resource: 'cardTypes', pagination: { mode: 'off' } });
  const cardTypes = loadedAnswer(query, result.data);
  const cardType = cardTypes?.find((c) => String(c.id) === id);
  const { mutateAsync, mutation } = useUpdate<AdminCardType>();
  const save = async () => {
    const values = await form.validateFields();
    await mutateAsync({ resource: 'cardTypes', id, values: toBody(values) });
  };
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Edit
        isLoading={!cardTypes}
        title={cardType ? `${t('buttons.edit')} · ${cardType.name}` : undefined}
        saveButtonProps={{ onClick: save, loading: mutation.isPending, disabled: !cardType }}
        headerButtons={() => null}
      >
        {/* The form appears with the card type and takes it once, so nothing typed is ever overwritten. */}
        {cardType && (
          <Form form={form} layout="vertical" initialValues={cardType}>
            <CardTypeFields />
          </Form>
        )}
      </Edit>
      {cardType && (
        <Card variant="borderless" styles={{ body: { padding: 0 } }}>
          <FaceValues cardType={cardType} />
        </Card>
      )}
    </Space>
  );
}
