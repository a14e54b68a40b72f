import { List, useTable } from '@refinedev/antd';
import { useTranslate, type HttpError } from '@refinedev/core';
import { Form, Input, InputNumber, Switch, Table } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { ActionModalButton } from '../../components/ActionModalButton';
import { BoolTag, Thumb } from '../../components/display';
import { EnglishField } from '../../components/EnglishField';
import { ImageUpload } from '../../components/ImageUpload';
import { useAction } from '../../components/useAction';
import { useCanDo } from '../../components/useCanDo';

interface Category {
  id: number;
  name: string;
  nameEn: string | null;
  icon: string | null;
  sort: number;
  enabled: boolean;
}

function CategoryFields() {
  const t = useTranslate();
  return (
    <>
      <Form.Item name="name" label={t('catalogue.name')} rules={[{ required: true, whitespace: true }, { max: 40 }]}>
        <Input />
      </Form.Item>
      <EnglishField name="nameEn" label={t('catalogue.name')} max={40} />
      <Form.Item name="icon" label={t('catalogue.icon')}>
        <ImageUpload />
      </Form.Item>
      <Form.Item name="sort" label={t('common.sort')}>
        <InputNumber min={0} max={100000} />
      </Form.Item>
      <Form.Item name="enabled" label={t('common.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}

export function CategoryList() {
  const t = useTranslate();
  const canWrite = useCanDo('categories', 'edit');
  const { run } = useAction(['categories', 'cardTypes']);
  const { tableProps } = useTable<Category, HttpError>({ pagination: { mode: 'off' }, syncWithLocation: true });
  return (
    <List
      headerButtons={
        canWrite ? (
          <ActionModalButton<Omit<Category, 'id'>>
            label={t('buttons.create')}
            title={t('catalogue.newCategory')}
            button={{ type: 'primary' }}
            initialValues={{ sort: 0, enabled: true }}
            fields={<CategoryFields />}
            onSubmit={(v) => run('categories', v)}
          />
        ) : null
      }
    >
      <Table {...tableProps} rowKey="id" pagination={false}>
        <Table.Column<Category> dataIndex="id" title="ID" width={70} />
        <Table.Column<Category> dataIndex="icon" title={t('catalogue.icon')} render={(v: string | null) => <Thumb src={v} size={40} />} />
        <Table.Column<Category> dataIndex="name" title={t('catalogue.name')} />
        <Table.Column<Category>
          dataIndex="nameEn"
          title={t('englishVersion.label', { field: t('catalogue.name') })}
          render={(v: string | null) => v ?? '—'}
        />
        <Table.Column<Category> dataIndex="sort" title={t('common.sort')} />
        <Table.Column<Category>
          dataIndex="enabled"
          title={t('common.enabled')}
          render={(v: boolean) => <BoolTag value={v} yes={t('common.on')} no={t('common.off')} />}
        />
        {canWrite && (
          <Table.Column<Category>
            title={t('table.actions')}
            render={(_, c) => (
              <ActionModalButton<Omit<Category, 'id'>>
                label={t('buttons.edit')}
                title={t('catalogue.editCategory', { name: c.name })}
                button={{ size: 'small', icon: <EditOutlined /> }}
                initialValues={c}
                fields={<CategoryFields />}
                onSubmit={(v) => run(`categories/${c.id}`, v, 'put')}
              />
            )}
          />
        )}
      </Table>
    </List>
  );
}
