import { contract } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { route } from '../../http/contractRoute';
import { ok } from '../../http/envelope';
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
/** Reviewers read the catalogue (they price cards by it); only administrators change it (roles.ts). */
const calls = contract.catalogue;

export default async function adminCatalogueRoutes(app: AppInstance) {
  const { deps } = app;

  route(app, calls.adminCategories, {
    tags,
    summary: 'Every category, enabled or not',
    handler: async () => ok({ list: await listAllCategories(deps) }),
  });

  route(app, calls.createCategory, {
    tags,
    summary: 'Add a category',
    audit: 'catalogue.category.create',
    handler: async (request) => {
      return ok({ id: await saveCategory(deps, null, request.body, auditOf(request)) });
    },
  });

  route(app, calls.updateCategory, {
    tags,
    summary: 'Change a category (name, icon, order, enabled)',
    audit: 'catalogue.category.update',
    handler: async (request) => {
      return ok({ id: await saveCategory(deps, request.params.id, request.body, auditOf(request)) });
    },
  });

  route(app, calls.adminCardTypes, {
    tags,
    summary: 'Every card type with its rules and face values',
    handler: async () => ok({ list: await listAllCardTypes(deps) }),
  });

  route(app, calls.createCardType, {
    tags,
    summary: 'Add a card type',
    audit: 'catalogue.cardType.create',
    handler: async (request) => {
      return ok(await getAdminCardType(deps, await saveCardType(deps, null, request.body, auditOf(request))));
    },
  });

  route(app, calls.updateCardType, {
    tags,
    summary: 'Change a card type: rules, logo, maintenance and its note, daily cap, enabled',
    audit: 'catalogue.cardType.update',
    handler: async (request) => {
      const audit = auditOf(request, {
        type: 'cardType',
        id: request.params.id,
        detail: { before: await getAdminCardType(deps, request.params.id) },
      });
      return ok(await getAdminCardType(deps, await saveCardType(deps, request.params.id, request.body, audit)));
    },
  });

  route(app, calls.saveFaceValue, {
    tags,
    summary: 'Add a face value with its rate, or change the rate of an existing one',
    audit: 'catalogue.faceValue.save',
    handler: async (request) => {
      await saveFaceValue(deps, request.params.id, request.body, auditOf(request, { type: 'cardType', id: request.params.id }));
      return ok(await getAdminCardType(deps, request.params.id));
    },
  });

  route(app, calls.updateFaceValue, {
    tags,
    summary: 'Change the rate of a face value or switch it on or off',
    audit: 'catalogue.faceValue.update',
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
