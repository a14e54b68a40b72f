import { bannerPositionTable, bannerPositionsInApp, labelOf, type BannerPosition } from '@maika/shared';
import { useTranslate } from '@refinedev/core';
import { Form, Input, InputNumber, Select, Switch, Table, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { BoolTag, Clip, Thumb, useLocale } from '../../components/display';
import { EnglishField } from '../../components/EnglishField';
import { ImageUpload } from '../../components/ImageUpload';
import { ContentTable } from './ContentTable';

interface Banner {
  id: number;
  position: number;
  image: string;
  imageUrl: string;
  imageEn: string | null;
  link: string | null;
  title: string;
  titleEn: string | null;
  sort: number;
  enabled: boolean;
}

function BannerFields() {
  const t = useTranslate();
  const locale = useLocale();
  return (
    <>
      <Form.Item name="position" label={t('content.position')} rules={[{ required: true }]} hidden={bannerPositionsInApp.length === 1}>
        <Select options={bannerPositionsInApp.map((code) => ({ value: code, label: labelOf(bannerPositionTable, code, locale) }))} />
      </Form.Item>
      <Form.Item name="title" label={t('content.title')} rules={[{ required: true, whitespace: true }, { max: 60 }]}>
        <Input />
      </Form.Item>
      <EnglishField name="titleEn" label={t('content.title')} max={60} />
      <Form.Item name="image" label={t('content.image')} rules={[{ required: true, message: t('content.imageRequired') }]}>
        <ImageUpload />
      </Form.Item>
      <EnglishField name="imageEn" label={t('content.image')}>
        <ImageUpload />
      </EnglishField>
      <Form.Item name="link" label={t('content.link')} extra={t('content.linkHint')}>
        <Input placeholder="/pages/submitCard/submitCard?id=1" />
      </Form.Item>
      <Form.Item name="sort" label={t('common.sort')}>
        <InputNumber min={-9999} max={9999} />
      </Form.Item>
      <Form.Item name="enabled" label={t('common.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}

type BannerValues = Omit<Banner, 'id' | 'imageUrl'>;

/**
 * A banner's edit sends its pictures only when they changed: the server keeps the stored ones, which
 * may be pictures of ours rather than uploads (the demo banners').
 */
export function bannerBody(values: BannerValues, record?: Banner) {
  const changed = (field: 'image' | 'imageEn') => !record || (values[field] || null) !== record[field];
  return {
    ...values,
    image: changed('image') ? values.image : undefined,
    imageEn: changed('imageEn') ? values.imageEn || null : undefined,
    link: values.link || null,
  };
}

/** Banners of the positions the app shows, one tab each when there are several (the tab is in the URL). */
export function BannerList() {
  const t = useTranslate();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('position'));
  const position: BannerPosition = bannerPositionsInApp.find((p) => p === asked) ?? bannerPositionsInApp[0]!;
  return (
    <ContentTable<Banner, BannerValues>
      key={position}
      above={
        bannerPositionsInApp.length > 1 && (
          <Tabs
            activeKey={String(position)}
            onChange={(key) => setParams({ position: key })}
            items={bannerPositionsInApp.map((code) => ({ key: String(code), label: labelOf(bannerPositionTable, code, locale) }))}
          />
        )
      }
      resource="content/banners"
      filters={[{ field: 'position', operator: 'eq', value: position }]}
      blank={{ position, sort: 0, enabled: true }}
      fields={<BannerFields />}
      toForm={({ position: p, image, imageEn, link, title, titleEn, sort, enabled }) => ({
        position: p,
        image,
        imageEn,
        link,
        title,
        titleEn,
        sort,
        enabled,
      })}
      toBody={bannerBody}
      columns={[
        <Table.Column<Banner>
          key="image"
          dataIndex="imageUrl"
          width={130}
          title={t('content.image')}
          render={(v: string) => <Thumb src={v} size={96} />}
        />,
        <Table.Column<Banner>
          key="title"
          dataIndex="title"
          title={t('content.title')}
          render={(v: string, b) => (
            <div style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
              <Clip text={v} strong />
              {b.titleEn ? <Clip text={b.titleEn} type="secondary" /> : null}
            </div>
          )}
        />,
        <Table.Column<Banner>
          key="link"
          dataIndex="link"
          title={t('content.link')}
          render={(v: string | null) => <Clip text={v} type="secondary" />}
        />,
        <Table.Column<Banner> key="sort" dataIndex="sort" width={80} title={t('common.sort')} />,
        <Table.Column<Banner>
          key="enabled"
          dataIndex="enabled"
          width={90}
          title={t('common.enabled')}
          render={(v: boolean) => <BoolTag value={v} yes={t('common.on')} no={t('common.off')} />}
        />,
      ]}
    />
  );
}
