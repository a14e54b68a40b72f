import { useTranslate } from '@refinedev/core';
import { Button, Form, Input, Modal, type ButtonProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../providers/api';

interface Props<V> {
  label: ReactNode;
  title: ReactNode;
  /** Form items of the modal; by default one required reason. */
  fields?: ReactNode;
  initialValues?: Partial<V>;
  onSubmit: (values: V) => Promise<unknown>;
  button?: ButtonProps;
  width?: number;
}

/** A button that asks for what an action needs (a reason, an amount) in a modal, then runs it. */
export function ActionModalButton<V extends object = { reason: string }>({
  label,
  title,
  fields,
  initialValues,
  onSubmit,
  button,
  width,
}: Props<V>) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<V>();
  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await onSubmit(values);
      setOpen(false);
      form.resetFields();
    } catch (error) {
      // The failure notice already shows the server's message; keep the modal open to correct it,
      // with a refused field's reason under the field itself.
      const problem = error instanceof ApiError ? error.fieldProblem : undefined;
      const field = problem && form.getFieldsError().find((f) => f.name.join('.') === problem.field);
      if (problem && field) {
        // The path of a field the form holds, read back from the form itself.
        const name = field.name as Parameters<typeof form.scrollToField>[0];
        form.setFields([{ name, errors: [problem.reason] }]);
        form.scrollToField(name);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button {...button} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal
        open={open}
        width={width}
        title={title}
        onCancel={() => setOpen(false)}
        onOk={submit}
        confirmLoading={busy}
        okText={t('buttons.confirm')}
        cancelText={t('buttons.cancel')}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={initialValues} preserve={false}>
          {fields ?? (
            <Form.Item
              name="reason"
              label={t('common.reason')}
              rules={[{ required: true, whitespace: true, message: t('common.reasonRequired') }, { max: 200 }]}
            >
              <Input.TextArea rows={3} maxLength={200} showCount />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
