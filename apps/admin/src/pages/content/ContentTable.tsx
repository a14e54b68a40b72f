import { DeleteButton, List, useTable } from '@refinedev/antd';
import { useTranslate, type BaseRecord, type CrudFilters, type HttpError } from '@refinedev/core';
import { Space, Table } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { ActionModalButton } from '../../components/ActionModalButton';
import { useAction } from '../../components/useAction';
import { resourcePath } from '../../providers/dataProvider';
import { useCanDo } from '../../components/useCanDo';

interface Props<T extends BaseRecord, V extends object> {
  resource: string;
  columns: ReactNode;
  fields: ReactNode;
  blank: Partial<V>;
  /** Record → form values (e.g. fen → yuan text); the identity by default. */
  toForm?: (record: T) => Partial<V>;
  /** Form values → request body; `record` is the row being edited (none for a new one). */
  toBody?: (values: V, record?: T) => object;
  filters?: CrudFilters;
  toolbar?: ReactNode;
  /** Shown above the table, inside the page (tabs that pick the filter). */
  above?: ReactNode;
  modalWidth?: number;
}

/** A content list edited in place: add, edit and delete in modals (banners, notices, broadcast lines, FAQ). */
export function ContentTable<T extends BaseRecord & { id: number }, V extends object>({
  resource,
  columns,
  fields,
  blank,
  toForm,
  toBody,
  filters,
  toolbar,
  above,
  modalWidth,
}: Props<T, V>) {
  const t = useTranslate();
  const canWrite = useCanDo(resource, 'edit');
  const { run } = useAction([resource]);
  const { tableProps } = useTable<T, HttpError>({ resource, syncWithLocation: !filters, filters: { permanent: filters ?? [] } });
  const body = (values: V, record?: T) => (toBody ? toBody(values, record) : values);
  return (
    <List
      resource={resource}
      headerButtons={
        <Space>
          {toolbar}
          {canWrite && (
            <ActionModalButton<V>
              label={t('buttons.create')}
              title={t('buttons.create')}
              button={{ type: 'primary', icon: <PlusOutlined /> }}
              initialValues={blank}
              width={modalWidth}
              fields={fields}
              onSubmit={(v) => run(resourcePath(resource, 'POST'), body(v))}
            />
          )}
        </Space>
      }
    >
      {above}
      <Table {...tableProps} rowKey="id" tableLayout="fixed">
        {columns}
        {canWrite && (
          <Table.Column<T>
            key="actions"
            fixed="right"
            width={150}
            title={t('table.actions')}
            render={(_, record) => (
              <Space>
                <ActionModalButton<V>
                  label={t('buttons.edit')}
                  title={t('buttons.edit')}
                  button={{ size: 'small', icon: <EditOutlined /> }}
                  width={modalWidth}
                  initialValues={toForm ? toForm(record) : (record as unknown as Partial<V>)}
                  fields={fields}
                  onSubmit={(v) => run(resourcePath(resource, 'PUT', record.id), body(v, record), 'put')}
                />
                <DeleteButton hideText size="small" resource={resource} recordItemId={record.id} />
              </Space>
            )}
          />
        )}
      </Table>
    </List>
  );
}
