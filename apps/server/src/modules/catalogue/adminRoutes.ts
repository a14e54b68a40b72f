import {
  adminCardType,
  adminCardTypeBody,
  adminCardTypeList,
  adminCardTypeUpdateBody,
  adminCategoryBody,
  adminCategoryList,
  adminCategoryUpdateBody,
  adminFaceValueBody,
  adminFaceValueUpdateBody,
  idParams,
  rolesFor,
} from '@maika/shared';
import { z } from 'zod';
import type { AppInstance } from '../../http/appInstance';
import type { AdminRole } from '../../db/schema';
import { envelope, ok } from '../../http/envelope';
import { auditOf } from '../audit';
import {
  getAdminCardType,
  listAllCardTypes,
  listAllCategories,
  saveCardType,
  saveCategory,
  saveFaceValue,
  updateFaceValue,
} from './adminService';

const tags = ['Admin catalogue'];
const security = [{ admin: [] }];
/** Reviewers read the catalogue (they price cards by it); only administrators change it. */
const readers: readonly AdminRole[] = rolesFor('cardTypes', 'list');
const writers: readonly AdminRole[] = rolesFor('cardTypes', 'edit');
const categoryData = z.object({ id: z.number().int() });

export default async function adminCatalogueRoutes(app: AppInstance) {
  const { deps } = app;

  app.get('/api/admin/categories', {
    config: { roles: readers },
    schema: { tags, security, summary: 'Every category, enabled or not', response: { 200: envelope(adminCategoryList) } },
    handler: async () => ok({ list: await listAllCategories(deps) }),
  });

  app.post('/api/admin/categories', {
    config: { roles: writers, audit: 'catalogue.category.create' },
    schema: { tags, security, summary: 'Add a category', body: adminCategoryBody, response: { 200: envelope(categoryData) } },
    handler: async (request) => {
      return ok({ id: await saveCategory(deps, null, request.body, auditOf(request)) });
    },
  });

  app.put('/api/admin/categories/:id', {
    config: { roles: writers, audit: 'catalogue.category.update' },
    schema: {
      tags,
      security,
      summary: 'Change a category (name, icon, order, enabled)',
      params: idParams,
      body: adminCategoryUpdateBody,
      response: { 200: envelope(categoryData) },
    },
    handler: async (request) => {
      return ok({ id: await saveCategory(deps, request.params.id, request.body, auditOf(request)) });
    },
  });

  app.get('/api/admin/cardTypes', {
    config: { roles: readers },
    schema: { tags, security, summary: 'Every card type with its rules and face values', response: { 200: envelope(adminCardTypeList) } },
    handler: async () => ok({ list: await listAllCardTypes(deps) }),
  });

  app.post('/api/admin/cardTypes', {
    config: { roles: writers, audit: 'catalogue.cardType.create' },
    schema: { tags, security, summary: 'Add a card type', body: adminCardTypeBody, response: { 200: envelope(adminCardType) } },
    handler: async (request) => {
      return ok(await getAdminCardType(deps, await saveCardType(deps, null, request.body, auditOf(request))));
    },
  });

  app.put('/api/admin/cardTypes/:id', {
    config: { roles: writers, audit: 'catalogue.cardType.update' },
    schema: {
      tags,
      security,
      summary: 'Change a card type: rules, logo, maintenance and its note, daily cap, enabled',
      params: idParams,
      body: adminCardTypeUpdateBody,
      response: { 200: envelope(adminCardType) },
    },
    handler: async (request) => {
      const audit = auditOf(request, {
        type: 'cardType',
        id: request.params.id,
        detail: { before: await getAdminCardType(deps, request.params.id) },
      });
      return ok(await getAdminCardType(deps, await saveCardType(deps, request.params.id, request.body, audit)));
    },
  });

  app.post('/api/admin/cardTypes/:id/faceValues', {
    config: { roles: writers, audit: 'catalogue.faceValue.save' },
    schema: {
      tags,
      security,
      summary: 'Add a face value with its rate, or change the rate of an existing one',
      params: idParams,
      body: adminFaceValueBody,
      response: { 200: envelope(adminCardType) },
    },
    handler: async (request) => {
      await saveFaceValue(deps, request.params.id, request.body, auditOf(request, { type: 'cardType', id: request.params.id }));
      return ok(await getAdminCardType(deps, request.params.id));
    },
  });

  app.put('/api/admin/faceValues/:id', {
    config: { roles: writers, audit: 'catalogue.faceValue.update' },
    schema: {
      tags,
      security,
      summary: 'Change the rate of a face value or switch it on or off',
      params: idParams,
      body: adminFaceValueUpdateBody,
      response: { 200: envelope(adminCardType) },
    },
    handler: async (request) => {
      return ok(
        await getAdminCardType(
          deps,
          await updateFaceValue(deps, request.params.id, request.body, auditOf(request, { type: 'faceValue', id: request.params.id })),
        ),
      );
    },
  });
}
